/**
 * What changed in an admin edit, as the audit log shows it: field by field, before and after. Records
 * are compared as JSON (what the log stores), so dates and translated texts compare by value.
 */
export type FieldChange = { field: string; before: unknown; after: unknown };

/** A record as the audit log keeps it: plain JSON, without the bookkeeping timestamps. */
export function snapshot(record: object | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const plain = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  delete plain.updatedAt;
  delete plain.createdAt;
  return plain;
}

/** The fields whose values differ between two snapshots (added, removed or changed), in a stable order. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** One entry of a record's audit trail as the back office shows it. */
export type AuditView = { id: number; at: string; action: string; user: string | null; changes: FieldChange[] };
