/** One line of an audit entry's readable details: a field that changed, appeared, disappeared, or a plain note. */
export interface AuditChange {
  field: string;
  kind: 'changed' | 'added' | 'removed' | 'note';
  before?: string;
  after?: string;
}

const MAX_VALUE = 80;

/** A value as a short text: strings as they are, empty as "—", lists and objects as compact JSON, cut at 80. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The details of an audit line as a list: with `before` and/or `after`, the fields whose values differ (old → new,
 * or only the new or old value when the record was created or deleted); every other key as a note.
 */
export function auditChanges(details: Record<string, unknown> | null): AuditChange[] {
  if (!details) return [];
  const { before, after, ...notes } = details;
  const changes: AuditChange[] = [];
  const old = isRecord(before) ? before : null;
  const now = isRecord(after) ? after : null;
  for (const field of new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])) {
    const was = old?.[field];
    const is = now?.[field];
    if (old && now && JSON.stringify(was) === JSON.stringify(is)) continue;
    if (!old) changes.push({ field, kind: 'added', after: auditValue(is) });
    else if (!now) changes.push({ field, kind: 'removed', before: auditValue(was) });
    else changes.push({ field, kind: 'changed', before: auditValue(was), after: auditValue(is) });
  }
  // A before or after that is not an object (a list, a number) is a note like any other key.
  if (before !== undefined && !old && before !== null) notes.before = before;
  if (after !== undefined && !now && after !== null) notes.after = after;
  for (const [field, value] of Object.entries(notes)) changes.push({ field, kind: 'note', after: auditValue(value) });
  return changes;
}
