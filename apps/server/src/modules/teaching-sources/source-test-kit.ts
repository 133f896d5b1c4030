import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TTeachingSource } from '@app/contracts';
import { ok } from '../../testing/courses.ts';
import { call, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

/** Helpers of the teaching-source tests: uploads in parts, waiting for conversions, the file route, media made here. */

/** Sends one part of an upload; answers the raw result. */
export const sendPart = (t: TestApp, token: string, uploadId: number, seq: number, bytes: Buffer) =>
  upload(t.app, '/dataset-source/upload-part', { upload_id: uploadId, seq }, [{ name: 'blob', content: bytes }], {
    token,
  });

/** Uploads a whole file (start, every part in order, finish) and answers the new source. */
export async function uploadSource(t: TestApp, token: string, fileName: string, bytes: Buffer, title?: string) {
  const started = await ok(
    t,
    '/dataset-source/upload-start',
    { file_name: fileName, size: bytes.length, title },
    token,
  );
  for (let seq = 0; seq < started.part_count; seq += 1) {
    const part = bytes.subarray(seq * started.part_size, (seq + 1) * started.part_size);
    const sent = await sendPart(t, token, started.upload_id, seq, part);
    if (sent.status !== 200) throw new Error(`part ${seq}: ${JSON.stringify(sent.body)}`);
  }
  return ok(t, '/dataset-source/upload-finish', { upload_id: started.upload_id }, token);
}

/** Polls the source until its conversion is over (`timeoutMs`); answers it. */
export async function waitForSource(t: TestApp, token: string, id: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const source: TTeachingSource = await ok(t, '/dataset-source/detail', { id }, token);
    if (source.status !== 'processing') return source;
    if (Date.now() > until) throw new Error(`source ${id} is still processing`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** GETs a teaching source's file route (`url` as the API gave it). */
export const getFile = (t: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { 'access-token': token } : {}) } });

/** The error code a procedure call answers, with its details. */
export async function refusal(t: TestApp, path: Parameters<typeof call>[1], body: unknown, token: string) {
  const result = await call(t.app, path, body, { token });
  return { status: result.status, error: result.body.error, details: result.body.details as Record<string, unknown> };
}

/** A small file that starts like a pdf, `size` bytes, the rest random. */
export function pdfBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7919 + (i >> 8)) & 0xff;
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

/** Runs a program that must succeed (ffmpeg, LibreOffice) in `dir`; answers nothing, throws with its stderr. */
function mustRun(program: string, args: string[], dir: string) {
  const made = spawnSync(program, args, { cwd: dir, timeout: 120_000 });
  if (made.status !== 0) throw new Error(`${program} failed: ${made.stderr?.toString()}`);
}

/** A .docx made by LibreOffice from a line of text. */
export function docxOf(text: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'source-docx-'));
  try {
    writeFileSync(path.join(dir, 'note.txt'), `${text}\n`);
    const profile = `file://${path.join(dir, 'profile')}`;
    mustRun(
      'soffice',
      [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'docx', '--outdir', dir, 'note.txt'],
      dir,
    );
    return readFileSync(path.join(dir, 'note.docx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 2-second test video with a tone: `codec` and `audio` are ffmpeg's encoders, the container follows `extension`. */
export function videoWithSound(extension: string, codec: string, audio: string, extra: string[] = []): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'source-video-'));
  try {
    const file = `clip.${extension}`;
    mustRun(
      'ffmpeg',
      [
        ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=64x48:rate=10'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', codec, ...extra, '-c:a', audio, file],
      ],
      dir,
    );
    return readFileSync(path.join(dir, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe's codec per stream type and the duration of a video given as bytes. */
export function probeBytes(bytes: Buffer): { video?: string; audio?: string; duration: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'source-probe-'));
  try {
    writeFileSync(path.join(dir, 'view.mp4'), bytes);
    const probed = spawnSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:format=duration', '-of', 'json'],
      path.join(dir, 'view.mp4'),
    ]);
    const parsed = JSON.parse(probed.stdout.toString()) as {
      streams: { codec_type: string; codec_name: string }[];
      format: { duration: string };
    };
    const codec = (type: string) => parsed.streams.find((s) => s.codec_type === type)?.codec_name;
    return { video: codec('video'), audio: codec('audio'), duration: Number(parsed.format.duration) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
