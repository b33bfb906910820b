/**
 * The settings screen: the settings as stored (defaults filled in), their recent changes, and saving the
 * whole form in one transaction with one audit entry per changed key (entity "setting", id the key).
 */
import { desc, eq, sql } from "drizzle-orm";
import { type AuditView, changedFields, snapshot } from "../../domain/admin/audit";
import { auditRecord, changedSettings, type EditableSettingKey, type SettingsInput } from "../../domain/admin/settings";
import { settingsSchema } from "../../domain/settings";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { auditLog, settings, users } from "../db/schema";
import { getSettings } from "../settings/settings.server";
import { recordAudit } from "./audit.server";

/** The settings, what the environment would use without them, and the latest changes. */
export async function getSettingsScreen() {
  const [current, audit] = await Promise.all([getSettings(), settingsAudit()]);
  const config = getConfig();
  return { settings: current, environment: { languageCookie: config.LANGUAGE_COOKIE, gtmId: config.GTM_ID ?? null }, audit };
}

/** The newest changes of any setting, each naming its key. */
async function settingsAudit(limit = 20): Promise<(AuditView & { key: string })[]> {
  const rows = await getDb()
    .select({ log: auditLog, name: users.name, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.entity, "setting"))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ log, name, email }) => ({
    id: log.id,
    key: log.entityId,
    at: log.at.toISOString(),
    action: log.action,
    user: email ? `${name || email} <${email}>` : null,
    changes: changedFields(log.before as Record<string, unknown> | null, log.after as Record<string, unknown> | null),
  }));
}

/**
 * Saves the keys that changed, all or none, each with its audit entry, and returns them. Rows are locked
 * while they are compared, so two admins saving at once cannot both audit the same "before".
 */
export async function saveSettings(userId: string, input: SettingsInput): Promise<EditableSettingKey[]> {
  const changed = await getDb().transaction(async (tx) => {
    const rows = await tx.select().from(settings).for("update");
    const current = settingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    const keys = changedSettings(current, input);
    for (const key of keys) {
      const value = input[key];
      // JSON null ("off", "use the environment's value") is a value here, not a missing row: a bare null would be SQL NULL.
      const stored = value === null ? sql`'null'::jsonb` : value;
      await tx
        .insert(settings)
        .values({ key, value: stored })
        .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: sql`now()` } });
      await recordAudit(tx, {
        userId,
        action: "update",
        entity: "setting",
        entityId: key,
        before: snapshot(auditRecord(key, current[key])),
        after: snapshot(auditRecord(key, value)),
      });
    }
    return keys;
  });
  return changed;
}
