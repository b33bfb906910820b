/**
 * A user as the back office manages them: role, the branches of a staff member, active or not. Users are
 * never created or deleted here (they sign up or are created at checkout; a deactivated account keeps its
 * orders). Guard rails keep the back office reachable: nobody demotes or deactivates themselves, and the
 * last active admin stays an active admin.
 */
import { z } from "zod";
import { ROLES, type Role } from "../vocabulary";
import { idList, oneOf } from "./fields";

export const userSchema = z
  .object({
    role: oneOf(ROLES),
    shopIds: idList,
  })
  .superRefine((form, ctx) => {
    // A staff member sees only their branches' work; with none they would see an empty back office.
    if (form.role === "staff" && form.shopIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["shopIds"], message: "admin.users.errors.staffShops" });
  })
  .transform((form) => ({ role: form.role, shopIds: form.role === "staff" ? form.shopIds : [] }));

export type UserInput = z.infer<typeof userSchema>;

type Account = { id: string; role: Role; active: boolean };

/**
 * Why a change of role or of the active flag is refused, as a message key, or null. `activeAdmins` counts
 * the active admins now, this user included.
 */
export function accessChangeRefusal(
  actorId: string,
  user: Account,
  next: { role: Role; active: boolean },
  activeAdmins: number,
): string | null {
  const losesAdmin = user.role === "admin" && user.active && (next.role !== "admin" || !next.active);
  if (!losesAdmin) return null;
  if (user.id === actorId) return next.active ? "admin.users.errors.selfDemote" : "admin.users.errors.selfDeactivate";
  if (activeAdmins <= 1) return "admin.users.errors.lastAdmin";
  return null;
}
