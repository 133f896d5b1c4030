import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Janus names a VideoRoom recording `videoroom-<room>-user-<feed>-<time>-<audio|video>-<mindex>.mjr`. The room page
 * publishes with feed id `userId × 1000 + n`, n below 500 for the camera and from 500 for a screen share, so the file
 * names say whose stream and which kind each is.
 */
export const FEEDS_PER_USER = 1000;
export const SCREEN_FEED_FROM = 500;

export interface RecordingFile {
  path: string;
  userId: number;
  screen: boolean;
  kind: 'audio' | 'video';
  bytes: number;
}

const NAME = /^videoroom-(\d+)-user-(\d+)-(\d+)-(audio|video)-\d+\.mjr$/;

/** The room's recording files in `dir` (none when the folder is missing). */
export async function roomRecordingFiles(dir: string, roomId: number): Promise<RecordingFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: RecordingFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match || Number(match[1]) !== roomId) continue;
    const feed = Number(match[2]);
    const full = path.join(dir, name);
    files.push({
      path: full,
      userId: Math.floor(feed / FEEDS_PER_USER),
      screen: feed % FEEDS_PER_USER >= SCREEN_FEED_FROM,
      kind: match[4] as 'audio' | 'video',
      bytes: (await stat(full)).size,
    });
  }
  return files;
}

/**
 * What makes the room's recording: the host's picture (the screen share when there was one, else the camera) and
 * the host's voice, each the largest file of its kind (the longest stretch when the host reconnected); null when the
 * host sent nothing.
 */
export function hostTracks(files: readonly RecordingFile[], hostId: number) {
  const largest = (list: RecordingFile[]) => list.sort((a, b) => b.bytes - a.bytes)[0] ?? null;
  const host = files.filter((file) => file.userId === hostId && file.bytes > 0);
  const screen = largest(host.filter((file) => file.kind === 'video' && file.screen));
  const video = screen ?? largest(host.filter((file) => file.kind === 'video'));
  const audio = largest(host.filter((file) => file.kind === 'audio' && !file.screen));
  return video || audio ? { video, audio } : null;
}
