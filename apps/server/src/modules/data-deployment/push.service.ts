import path from 'node:path';
import type { TDataTransfer } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type Client, connectFtp, enterFolder, listFilesRecursively } from './ftp-client.ts';
import { loadPacket, type PacketRecord } from './packets.queries.ts';
import { deploymentKey, openSecret } from './secret-box.ts';
import { registerTransferWork, startTransfer, type TransferRun } from './transfers.ts';

const { packs, dataPackets } = schema;

/** The name the pack's zip gets on the FTP server: its stored name, or `pack-<id>.zip`. */
export function remoteNameOf(pack: { id: number; fileKey: string }): string {
  const base = path.posix.basename(pack.fileKey);
  return /^[\w.-]+\.zip$/i.test(base) ? base : `pack-${pack.id}.zip`;
}

/** A logged-in client for the packet, closed when the run is told to stop. */
export async function openPacketClient(packet: PacketRecord, secret: string, signal: AbortSignal): Promise<Client> {
  const client = await connectFtp({
    ftpHost: packet.ftpHost,
    ftpPort: packet.ftpPort,
    ftpUser: packet.ftpUser,
    password: openSecret(packet.ftpPasswordEnc, deploymentKey(secret)),
  });
  signal.addEventListener('abort', () => client.close(), { once: true });
  return client;
}

/** Re-reads the packet's folder: size and volume (files) as they are on the server now. */
export async function measureFolder(client: Client) {
  const files = await listFilesRecursively(client);
  return { sizeBytes: files.reduce((sum, f) => sum + f.size, 0), itemCount: files.length };
}

async function finishedPackFile(db: AuthedContext['db'], storage: AuthedContext['deps']['storage'], packId: number) {
  const [pack] = await db.select().from(packs).where(eq(packs.id, packId));
  if (!pack) throw new AppError('not_found');
  const fileKey = pack.fileKey;
  const size = pack.status === 'succeeded' && fileKey ? await storage.sizeOf(fileKey) : null;
  if (!fileKey || size === null) throw new AppError('pack_not_ready');
  return { id: pack.id, fileKey, size };
}

/** `/data-deployment/push`: checks the packet and pack, then queues the upload. */
export async function startPush(
  ctx: AuthedContext,
  input: { packet_id: number; pack_id: number },
): Promise<TDataTransfer> {
  const packet = await loadPacket(ctx.db, input.packet_id);
  if (!packet.ftpHost) throw new AppError('packet_no_ftp_address');
  const pack = await finishedPackFile(ctx.db, ctx.deps.storage, input.pack_id);
  return startTransfer(ctx, { packetId: packet.id, kind: 'push', packId: pack.id, bytesTotal: pack.size });
}

/** Uploads the zip to <path>/<name> (the folder is made when missing), then reads the folder's size and volume. */
async function push({ deps, transfer, packet, progress, signal }: TransferRun): Promise<void> {
  if (transfer.packId === null) throw new AppError('pack_not_ready');
  const pack = await finishedPackFile(deps.db, deps.storage, transfer.packId);
  await progress.total(pack.size);
  const client = await openPacketClient(packet, deps.config.DATA_DEPLOY_KEY, signal);
  try {
    await enterFolder(client, packet.path, true);
    client.trackProgress((info) => progress.done(info.bytes));
    await client.uploadFrom(await deps.storage.openRead(pack.fileKey), remoteNameOf(pack));
    client.trackProgress();
    const measured = await measureFolder(client);
    await deps.db
      .update(dataPackets)
      .set({ ...measured, uploadedAt: new Date() })
      .where(eq(dataPackets.id, packet.id));
  } finally {
    client.close();
  }
}

registerTransferWork('push', push);
