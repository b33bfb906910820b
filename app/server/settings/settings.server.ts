import { type Settings, settingsSchema } from "../../domain/settings";
import { getDb } from "../db/client.server";
import { settings } from "../db/schema";

/** All settings, each row validated; a missing row takes its default. */
export async function getSettings(): Promise<Settings> {
  const rows = await getDb().select().from(settings);
  return settingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}
