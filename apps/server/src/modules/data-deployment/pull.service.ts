import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_FILE_KINDS, DATA_LIMITS, extensionOf, type TDataTransfer } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { AuthedContext, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { requireDataOpen, requireSource, uploadData } from '../project-data/index.ts';
import { enterFolder, listFilesRecursively, type RemoteFile } from './ftp-client.ts';
import { loadPacket } from './packets.queries.ts';
import { openPacketClient } from './push.service.ts';
import { registerTransferWork, startTransfer, type TransferRun } from './transfers.ts';

const { projects, dataPackets } = schema;

/**
 * What the pull imports, like a data upload: a packet holding one zip archive (and no data files) is unpacked,
 * otherwise its supported data files become items; other files are left out. Null: nothing to import.
 */
export function choosePullSource(files: RemoteFile[]): { source: 'zip' | 'files'; files: RemoteFile[] } | null {
  const data = files.filter((f) => DATA_FILE_KINDS[extensionOf(f.relative)] !== undefined);
  const zips = files.filter((f) => extensionOf(f.relative) === 'zip');
  if (data.length === 0 && zips.length === 1) return { source: 'zip', files: zips };
  return data.length > 0 ? { source: 'files', files: data } : null;
}

const localPath = (dir: string, index: number) => path.join(dir, String(index));

/** The downloaded files as an upload's file stream (names keep the folder: `cars/001.jpg`). */
function localFiles(dir: string, files: RemoteFile[], maxBytes: number): IncomingFiles {
  return {
    maxBytes,
    maxFiles: files.length,
    async *[Symbol.asyncIterator]() {
      for (const [i, file] of files.entries()) {
        yield {
          name: file.relative,
          mimetype: 'application/octet-stream',
          stream: createReadStream(localPath(dir, i)),
        };
      }
    },
  };
}

async function loadOpenProject(db: AuthedContext['db'], projectId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new AppError('not_found');
  requireDataOpen(project);
  return project;
}

/** `/data-deployment/pull`: checks the packet and project (a draft whose data is open), then queues the pull. */
export async function startPull(
  ctx: AuthedContext,
  input: { packet_id: number; project_id: number },
): Promise<TDataTransfer> {
  const packet = await loadPacket(ctx.db, input.packet_id);
  if (!packet.ftpHost) throw new AppError('packet_no_ftp_address');
  const project = await loadOpenProject(ctx.db, input.project_id);
  return startTransfer(ctx, { packetId: packet.id, kind: 'pull', projectId: project.id });
}

/**
 * Downloads the files under the packet's path to a temporary folder, then imports them with the data upload code,
 * as the user who started the pull, inside the project's organisation (items, counters and audit as an upload's).
 */
async function pull({ deps, transfer, packet, actor, progress, signal }: TransferRun): Promise<void> {
  if (transfer.projectId === null) throw new AppError('not_found');
  const project = await loadOpenProject(deps.db, transfer.projectId);
  const maxBytes = Math.min(DATA_LIMITS.fileMaxBytes, deps.config.UPLOAD_MAX_BYTES ?? DATA_LIMITS.fileMaxBytes);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'data-pull-'));
  try {
    const client = await openPacketClient(packet, deps.config.DATA_DEPLOY_KEY, signal);
    let chosen: NonNullable<ReturnType<typeof choosePullSource>>;
    let all: RemoteFile[];
    try {
      await enterFolder(client, packet.path, false);
      all = await listFilesRecursively(client);
      const found = choosePullSource(all);
      if (!found) throw new AppError('packet_no_data');
      chosen = found;
      requireSource(project, chosen.source);
      await progress.total(chosen.files.reduce((sum, f) => sum + f.size, 0));
      let before = 0;
      client.trackProgress((info) => progress.done(before + info.bytes));
      for (const [i, file] of chosen.files.entries()) {
        if (file.size > maxBytes) throw new AppError('upload_too_large', {}, { name: file.relative });
        await client.downloadTo(localPath(dir, i), file.relative);
        before += file.size;
      }
      client.trackProgress();
    } finally {
      client.close();
    }
    if (signal.aborted) return;
    if (actor.userId === null) throw new AppError('not_found'); // the user who started it was deleted
    const asUploader: TenantContext = {
      deps,
      db: deps.db,
      lang: actor.lang,
      ip: actor.ip,
      origin: '',
      userAgent: 'data-deployment',
      requestId: `data-transfer-${transfer.id}`,
      log: deps.log,
      session: {
        sessionId: 0,
        userId: actor.userId,
        username: '',
        siteId: project.siteId,
        role: '',
        permissions: new Set(),
      },
    };
    await uploadData(
      asUploader,
      { project_id: project.id, source: chosen.source },
      localFiles(dir, chosen.files, maxBytes),
    );
    await deps.db
      .update(dataPackets)
      .set({ sizeBytes: all.reduce((sum, f) => sum + f.size, 0), itemCount: all.length })
      .where(eq(dataPackets.id, packet.id));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

registerTransferWork('pull', pull);
