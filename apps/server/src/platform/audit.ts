import type { TAuditAction, TAuditTargetType } from '@app/contracts';
import { type Executor, schema } from '@app/db';

export interface AuditEntry {
  siteId?: number | null;
  userId?: number | null;
  action: TAuditAction;
  targetType?: TAuditTargetType;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Writes one line of the audit log, in the caller's transaction when given one. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLogs).values({
    siteId: entry.siteId ?? null,
    userId: entry.userId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ip: entry.ip?.slice(0, 64) ?? null,
  });
}
