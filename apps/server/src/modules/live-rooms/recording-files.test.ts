import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostTracks, roomRecordingFiles } from './recording-files.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'recording-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: number) {
  writeFileSync(path.join(dir, name), Buffer.alloc(bytes));
}

describe('recording files', () => {
  it("picks the host's screen share over the camera, the largest stretch of each, and the camera's sound", async () => {
    file('videoroom-7-user-42013-1000-video-1.mjr', 500); // host camera, first stretch
    file('videoroom-7-user-42013-1000-audio-0.mjr', 100);
    file('videoroom-7-user-42077-2000-video-1.mjr', 900); // host camera after a reconnect
    file('videoroom-7-user-42077-2000-audio-0.mjr', 300);
    file('videoroom-7-user-42501-3000-video-0.mjr', 700); // host screen share
    file('videoroom-7-user-9001-3000-video-1.mjr', 5000); // a student on stage
    file('videoroom-8-user-42001-3000-video-1.mjr', 9000); // another room
    file('notes.txt', 10);
    const files = await roomRecordingFiles(dir, 7);
    expect(files).toHaveLength(6);
    const tracks = hostTracks(files, 42);
    expect(path.basename(tracks!.video!.path)).toBe('videoroom-7-user-42501-3000-video-0.mjr');
    expect(path.basename(tracks!.audio!.path)).toBe('videoroom-7-user-42077-2000-audio-0.mjr');
    expect(hostTracks(files, 43)).toBeNull();
    expect(await roomRecordingFiles(path.join(dir, 'missing'), 7)).toEqual([]);
  });
});
