import type { TDataTransfer } from '@app/contracts';
import { schema } from '@app/db';
import { DEFAULT_LANG, type Lang } from '@app/i18n';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps, AuthedContext } from '../../platform/context.ts';
import { AppError, errorBody } from '../../platform/errors.ts';
import { defineQueueJob, queueOf } from '../../platform/queue.ts';
import { ftpErrorMessage } from './ftp-client.ts';
import { findTransfer, loadPacket, type PacketRecord, packetBusy } from './packets.queries.ts';

const { dataTransfers } = schema;
export type TransferRecord = typeof dataTransfers.$inferSelect;

/** Progress is written at most this often (the UI polls about once a second). */
const PROGRESS_EVERY_MS = 300;

/** Who started a transfer: the pull imports as this user, and errors are written in this language. */
export interface TransferActor {
  userId: number | null;
  lang: Lang;
  ip: string;
}

export interface TransferProgress {
  /** Bytes done so far (written throttled; never throws). */
  done(bytes: number): void;
  /** Sets the total once it is known. */
  total(bytes: number): Promise<void>;
}

export interface TransferRun {
  deps: AppDeps;
  transfer: TransferRecord;
  packet: PacketRecord;
  actor: TransferActor;
  progress: TransferProgress;
  /** Fires when the server stops or a newer run took the transfer over: close the FTP connection. */
  signal: AbortSignal;
}

type Work = (run: TransferRun) => Promise<void>;
const WORK: Partial<Record<TransferRecord['kind'], Work>> = {};

/** push.service and pull.service register what their transfers do. */
export function registerTransferWork(kind: TransferRecord['kind'], work: Work): void {
  WORK[kind] = work;
}

/**
 * The pg-boss job of a transfer. A run claims its transfer by stamping `started_at`; every later write checks the
 * stamp, so of two runs of one transfer only the newest writes. When the server stops, a run returns leaving the
 * transfer `running`; on the next start `onStart` queues every such transfer again and it starts over (the push
 * uploads the whole file again; the pull downloads again — its import is one transaction at the end).
 */
export const dataTransferJob = defineQueueJob<{ transferId: number } & TransferActor>({
  name: 'data-transfer',
  expireInSeconds: 12 * 3600,
  run: (data, { deps, signal }) => runTransfer(deps, data, signal),
  async onStart(deps, queue) {
    const unfinished = await deps.db
      .select({ id: dataTransfers.id, userId: dataTransfers.createdBy })
      .from(dataTransfers)
      .where(eq(dataTransfers.status, 'running'))
      .orderBy(dataTransfers.id);
    for (const row of unfinished) {
      await queue.send(dataTransferJob, { transferId: row.id, userId: row.userId, lang: DEFAULT_LANG, ip: '' });
    }
    if (unfinished.length > 0) deps.log.info({ transfers: unfinished.length }, 'restarting unfinished data transfers');
  },
});

/** Opens a transfer row for a packet that has no running one (the packet row is locked meanwhile), then queues it. */
export async function startTransfer(
  ctx: AuthedContext,
  values: { packetId: number; kind: 'push' | 'pull'; packId?: number; projectId?: number; bytesTotal?: number },
): Promise<TDataTransfer> {
  const id = await ctx.db.transaction(async (tx) => {
    await loadPacket(tx, values.packetId, true);
    if (await packetBusy(tx, values.packetId)) throw new AppError('packet_busy');
    const [row] = await tx
      .insert(dataTransfers)
      .values({
        packetId: values.packetId,
        kind: values.kind,
        packId: values.packId ?? null,
        projectId: values.projectId ?? null,
        status: 'running',
        bytesTotal: values.bytesTotal ?? 0,
        startedAt: new Date(),
        createdBy: ctx.session.userId,
      })
      .returning({ id: dataTransfers.id });
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: `data_${values.kind}`,
      targetType: 'data_packet',
      targetId: values.packetId,
      details: { transfer_id: row!.id, pack_id: values.packId ?? null, project_id: values.projectId ?? null },
      ip: ctx.ip,
    });
    return row!.id;
  });
  // After the commit: on PGlite the queue shares the one connection.
  await queueOf(ctx.deps).send(dataTransferJob, {
    transferId: id,
    userId: ctx.session.userId,
    lang: ctx.lang,
    ip: ctx.ip,
  });
  return findTransfer(ctx.db, id);
}

async function runTransfer(deps: AppDeps, data: { transferId: number } & TransferActor, signal: AbortSignal) {
  const { db, log } = deps;
  const stamp = new Date();
  const [transfer] = await db
    .update(dataTransfers)
    .set({ startedAt: stamp, bytesDone: 0 })
    .where(and(eq(dataTransfers.id, data.transferId), eq(dataTransfers.status, 'running')))
    .returning();
  if (!transfer) return; // finished, or its packet was deleted
  const mine = and(eq(dataTransfers.id, transfer.id), eq(dataTransfers.startedAt, stamp));
  // Stops the work when the server stops or a newer run of the same transfer took it over (its stamp is newer).
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort);
  let pending: Promise<unknown> = Promise.resolve();
  let takenOver = false;
  const write = (set: Partial<typeof dataTransfers.$inferInsert>) => {
    pending = pending.then(async () => {
      const rows = await db.update(dataTransfers).set(set).where(mine).returning({ id: dataTransfers.id });
      if (rows.length === 0) {
        takenOver = true;
        stop.abort();
      }
    });
    return pending;
  };
  let last = 0;
  const progress: TransferProgress = {
    done(bytes) {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void write({ bytesDone: bytes }).catch(() => {});
    },
    total: (bytes) => write({ bytesTotal: bytes }).then(() => {}),
  };
  const actor = { userId: data.userId, lang: data.lang, ip: data.ip };
  try {
    const packet = await loadPacket(db, transfer.packetId);
    const work = WORK[transfer.kind];
    if (!work) throw new Error(`no work registered for ${transfer.kind} transfers`);
    await work({ deps, transfer, packet, actor, progress, signal: stop.signal });
    await pending.catch(() => {});
    if (takenOver) return;
    await db
      .update(dataTransfers)
      .set({ status: 'succeeded', bytesDone: sql`${dataTransfers.bytesTotal}`, endedAt: new Date() })
      .where(mine);
  } catch (error) {
    await pending.catch(() => {});
    if (takenOver || signal.aborted) return; // a newer run, or the next start, goes on
    const message = error instanceof AppError ? errorBody(error, data.lang).message : ftpErrorMessage(error);
    await db
      .update(dataTransfers)
      .set({ status: 'failed', error: message, endedAt: new Date() })
      .where(mine)
      .catch((e: unknown) => log.error({ err: e, transferId: transfer.id }, 'data transfer: failure not recorded'));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
