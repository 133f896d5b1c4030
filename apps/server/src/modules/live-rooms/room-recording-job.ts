import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { defineQueueJob, queueOf } from '../../platform/queue.ts';
import { runProgram } from '../../platform/run-program.ts';
import { ffmpegPath } from '../media-waveform/index.ts';
import { addRecordedSource } from '../teaching-sources/index.ts';
import { recordingsDirOf } from './media/media-provider.ts';
import { hostTracks, roomRecordingFiles } from './recording-files.ts';

const { liveRooms } = schema;

interface RecordingData {
  siteId: number;
  roomId: number;
}

/** The longest a recording may take to make (a class of a few hours re-encoded on a busy machine). */
const MAKE_TIMEOUT_MS = 4 * 3600_000;

async function run(program: string, args: string[], signal: AbortSignal): Promise<void> {
  const result = await runProgram(program, args, { timeoutMs: MAKE_TIMEOUT_MS, signal });
  if (result.code !== 0) throw new Error(`${path.basename(program)} failed: ${result.stderr.slice(-400)}`);
}

/**
 * Makes an ended room's recording: the host's Janus recordings (.mjr) turned into WebM/Opus by `janus-pp-rec`, then
 * one MP4 (H.264 and AAC, which every browser and phone plays; a black picture when the host sent only sound) by
 * ffmpeg, put in the host's library as a teaching source. Idempotent: a room no longer `processing` is left alone.
 */
export async function makeRoomRecording(deps: AppDeps, data: RecordingData, signal: AbortSignal): Promise<void> {
  const where = and(eq(liveRooms.siteId, data.siteId), eq(liveRooms.id, data.roomId));
  const [room] = await deps.db.select().from(liveRooms).where(where);
  if (room?.recordingStatus !== 'processing') return;
  const finish = (values: Partial<typeof liveRooms.$inferInsert>) =>
    deps.db
      .update(liveRooms)
      .set({ ...values, updatedAt: new Date() })
      .where(and(where, eq(liveRooms.recordingStatus, 'processing')));
  const tracks = hostTracks(await roomRecordingFiles(recordingsDirOf(deps.config), room.id), room.hostId);
  if (!tracks) {
    deps.log.warn({ room: room.id }, 'live room recording: the host sent nothing');
    await finish({ recordingStatus: 'failed' });
    return;
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'live-recording-'));
  try {
    const inputs: string[] = [];
    if (tracks.video) {
      await run('janus-pp-rec', [tracks.video.path, path.join(work, 'video.webm')], signal);
      inputs.push('-i', path.join(work, 'video.webm'));
    } else {
      inputs.push('-f', 'lavfi', '-i', 'color=c=black:s=640x360:r=5');
    }
    if (tracks.audio) {
      await run('janus-pp-rec', [tracks.audio.path, path.join(work, 'audio.opus')], signal);
      inputs.push('-i', path.join(work, 'audio.opus'));
    }
    const output = path.join(work, 'recording.mp4');
    await run(
      ffmpegPath(),
      [
        ...['-y', '-v', 'error', ...inputs],
        ...[
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        ],
        ...(tracks.audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
        ...(tracks.video ? [] : ['-shortest']),
        ...['-movflags', '+faststart', output],
      ],
      signal,
    );
    const day = (room.startedAt ?? room.startsAt).toISOString().slice(0, 10);
    const sourceId = await addRecordedSource(deps, {
      siteId: room.siteId,
      ownerId: room.hostId,
      title: `${room.title.slice(0, 52)} ${day}`,
      fileName: `live-${room.id}-${day}.mp4`,
      filePath: output,
    });
    await finish({ recordingStatus: 'ready', recordingSourceId: sourceId });
    deps.log.info({ room: room.id, sourceId }, 'live room recording made');
  } catch (error) {
    if (signal.aborted) throw error;
    deps.log.warn({ err: error, room: room.id }, 'live room recording failed');
    await finish({ recordingStatus: 'failed' });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The pg-boss job making a recording; on start every room left processing is queued again. */
export const roomRecordingJob = defineQueueJob<RecordingData>({
  name: 'live-room-recording',
  expireInSeconds: 5 * 3600,
  run: (data, { deps, signal }) => makeRoomRecording(deps, data, signal),
  async onStart(deps, queue) {
    const left = await deps.db
      .select({ siteId: liveRooms.siteId, roomId: liveRooms.id })
      .from(liveRooms)
      .where(eq(liveRooms.recordingStatus, 'processing'));
    for (const data of left) await queue.send(roomRecordingJob, data);
  },
});

export const LIVE_ROOM_QUEUE_JOBS = [roomRecordingJob] as const;

/** Queues the making of a room's recording (after the media room closed, so Janus has closed its files). */
export async function queueRoomRecording(deps: AppDeps, data: RecordingData): Promise<void> {
  await queueOf(deps).send(roomRecordingJob, data);
}
