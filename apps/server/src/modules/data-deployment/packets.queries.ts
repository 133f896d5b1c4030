import type { TDataPacket, TDataTransfer } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { formatFtpAddress } from './ftp-client.ts';

const { dataPackets, dataTransfers, projects, users } = schema;
export type PacketRecord = typeof dataPackets.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const transferColumns = {
  t: dataTransfers,
  packetName: dataPackets.name,
  projectName: projects.name,
  author: users.nickname,
};

function presentTransfer(row: {
  t: typeof dataTransfers.$inferSelect;
  packetName: string;
  projectName: string | null;
  author: string | null;
}): TDataTransfer {
  return {
    id: row.t.id,
    packet_id: row.t.packetId,
    packet_name: row.packetName,
    kind: row.t.kind,
    pack_id: row.t.packId,
    project_id: row.t.projectId,
    project_name: row.projectName,
    status: row.t.status,
    bytes_done: row.t.bytesDone,
    bytes_total: row.t.bytesTotal,
    error: row.t.error,
    started_at: iso(row.t.startedAt),
    ended_at: iso(row.t.endedAt),
    created_by: row.author,
  };
}

function transfers(db: Executor) {
  return db
    .select(transferColumns)
    .from(dataTransfers)
    .innerJoin(dataPackets, eq(dataPackets.id, dataTransfers.packetId))
    .leftJoin(projects, eq(projects.id, dataTransfers.projectId))
    .leftJoin(users, eq(users.id, dataTransfers.createdBy));
}

export function presentPacket(p: PacketRecord, last: TDataTransfer | null): TDataPacket {
  return {
    id: p.id,
    name: p.name,
    path: p.path,
    ftp_address: formatFtpAddress(p.ftpHost, p.ftpPort),
    ftp_user: p.ftpUser,
    has_password: p.ftpPasswordEnc !== '',
    size_bytes: p.sizeBytes,
    item_count: p.itemCount,
    uploaded_at: iso(p.uploadedAt),
    created_at: p.createdAt.toISOString(),
    last_transfer: last,
  };
}

/** The newest transfer of each packet. */
async function lastTransfers(db: Executor, packetIds: number[]): Promise<Map<number, TDataTransfer>> {
  if (packetIds.length === 0) return new Map();
  const rows = await transfers(db)
    .where(
      inArray(
        dataTransfers.id,
        db
          .select({ id: sql<number>`max(${dataTransfers.id})` })
          .from(dataTransfers)
          .where(inArray(dataTransfers.packetId, packetIds))
          .groupBy(dataTransfers.packetId),
      ),
    )
    .orderBy(desc(dataTransfers.id));
  return new Map(rows.map((r) => [r.t.packetId, presentTransfer(r)]));
}

export async function listPackets(db: Executor, filter: { keyword?: string; page: number; pageSize: number }) {
  let where: SQL | undefined;
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    where = or(ilike(dataPackets.name, pattern), ilike(dataPackets.path, pattern), ilike(dataPackets.ftpHost, pattern));
  }
  const { rows, total } = await pageWithTotal(
    db
      .select()
      .from(dataPackets)
      .where(where)
      .orderBy(desc(dataPackets.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: sql<number>`count(*)::int` }).from(dataPackets).where(where),
  );
  const last = await lastTransfers(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => presentPacket(r, last.get(r.id) ?? null)), total };
}

export async function loadPacket(db: Executor, id: number, lock = false): Promise<PacketRecord> {
  const query = db.select().from(dataPackets).where(eq(dataPackets.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export async function packetView(db: Executor, id: number): Promise<TDataPacket> {
  const packet = await loadPacket(db, id);
  const last = await lastTransfers(db, [id]);
  return presentPacket(packet, last.get(id) ?? null);
}

export async function findTransfer(db: Executor, id: number): Promise<TDataTransfer> {
  const [row] = await transfers(db).where(eq(dataTransfers.id, id));
  if (!row) throw new AppError('not_found');
  return presentTransfer(row);
}

export async function listTransfers(
  db: Executor,
  filter: { packet_id?: number; status?: TDataTransfer['status']; keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.packet_id !== undefined) conditions.push(eq(dataTransfers.packetId, filter.packet_id));
  if (filter.status) conditions.push(eq(dataTransfers.status, filter.status));
  if (filter.keyword) conditions.push(ilike(dataPackets.name, likePattern(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pageWithTotal(
    transfers(db).where(where).orderBy(desc(dataTransfers.id)).limit(filter.pageSize).offset(pageOffset(filter)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dataTransfers)
      .innerJoin(dataPackets, eq(dataPackets.id, dataTransfers.packetId))
      .where(where),
  );
  return { rows: rows.map(presentTransfer), total };
}

/** Whether a transfer of the packet is still running (one at a time per packet). */
export async function packetBusy(db: Executor, packetId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dataTransfers.id })
    .from(dataTransfers)
    .where(and(eq(dataTransfers.packetId, packetId), eq(dataTransfers.status, 'running')))
    .limit(1);
  return row !== undefined;
}
