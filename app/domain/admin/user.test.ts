import { describe, expect, it } from "vitest";
import { fieldErrors, formToObject } from "../forms";
import { accessChangeRefusal, userSchema } from "./user";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formToObject(data);
};

describe("a user's role and branches", () => {
  it("keeps branches for staff only", () => {
    expect(
      userSchema.parse(
        form([
          ["role", "staff"],
          ["shopIds[]", "2"],
          ["shopIds[]", "1"],
        ]),
      ),
    ).toEqual({ role: "staff", shopIds: [1, 2] });
    expect(
      userSchema.parse(
        form([
          ["role", "customer"],
          ["shopIds[]", "2"],
        ]),
      ),
    ).toEqual({ role: "customer", shopIds: [] });
    const staffWithout = userSchema.safeParse(form([["role", "staff"]]));
    expect(staffWithout.success).toBe(false);
    if (!staffWithout.success) expect(fieldErrors(staffWithout.error)).toEqual({ shopIds: "admin.users.errors.staffShops" });
    expect(userSchema.safeParse(form([["role", "owner"]])).success).toBe(false);
  });

  const admin = { id: "a", role: "admin" as const, active: true };
  it("nobody demotes or deactivates themselves, and the last active admin stays", () => {
    expect(accessChangeRefusal("a", admin, { role: "staff", active: true }, 2)).toBe("admin.users.errors.selfDemote");
    expect(accessChangeRefusal("a", admin, { role: "admin", active: false }, 2)).toBe("admin.users.errors.selfDeactivate");
    expect(accessChangeRefusal("b", admin, { role: "customer", active: true }, 1)).toBe("admin.users.errors.lastAdmin");
    expect(accessChangeRefusal("b", admin, { role: "admin", active: false }, 1)).toBe("admin.users.errors.lastAdmin");
    expect(accessChangeRefusal("b", admin, { role: "staff", active: true }, 2)).toBeNull();
    // Keeping one's own admin role, or changing a customer, is no change of access to guard.
    expect(accessChangeRefusal("a", admin, { role: "admin", active: true }, 1)).toBeNull();
    expect(accessChangeRefusal("a", { id: "c", role: "customer", active: true }, { role: "admin", active: true }, 1)).toBeNull();
  });
});
