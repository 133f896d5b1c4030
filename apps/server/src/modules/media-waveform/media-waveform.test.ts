import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, uploadData } from '../../testing/data-test-kit.ts';
import { pngImage, wavAudio } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { systemToolPresent } from '../../testing/system-tools.ts';
import { call, createTestApp, localStore, type TestApp } from '../../testing/test-app.ts';
import { waveformCachePath } from '../project-data/index.ts';
import { computePeaks, PeakAccumulator } from './compute-peaks.ts';

/** `/data/waveform`: peaks computed with ffmpeg once, cached beside the file, clear refusals. */
const ffmpeg = systemToolPresent('ffmpeg', 'the waveform tests that decode audio');
let t: TestApp;
let producer: string;
let annotator: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'teamadmin');
  annotator = await sessionFor(t, 'annotator');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

/** Uploads the files to a new draft project and answers its items. */
async function itemsFor(files: { name: string; content: Buffer }[]) {
  const project = await draftProject(t, siteId);
  const answer = await uploadData(t, producer, project.id, 'files', files);
  expect(answer.status).toBe(200);
  return itemsOf(t, project.id);
}

const decode = (peaks: string) => new Int8Array(Buffer.from(peaks, 'base64'));

describe('/data/waveform', () => {
  it.skipIf(!ffmpeg)(
    'answers min/max peaks per bucket and the duration, and caches them next to the file',
    async () => {
      const [item] = await itemsFor([{ name: 'tone.wav', content: wavAudio(2, 440, 8000) }]);
      const first = await call(t.app, '/data/waveform', { item_id: item!.id }, { token: annotator });
      expect(first.status).toBe(200);
      const waveform = first.body.data;
      expect(waveform.duration).toBeCloseTo(2, 1);
      expect(waveform.buckets_per_second).toBe(100);
      expect(waveform.length).toBeGreaterThanOrEqual(199);
      expect(waveform.length).toBeLessThanOrEqual(201);
      const bytes = decode(waveform.peaks);
      expect(bytes.length).toBe(waveform.length * 2);
      // The tone peaks at 9000 / 32768 of full scale: about ±35 in the middle of the file.
      const middle = Math.floor(waveform.length / 2);
      expect(bytes[middle * 2]).toBeLessThan(-30);
      expect(bytes[middle * 2 + 1]).toBeGreaterThan(30);

      const cache = localStore(t).absolutePath(waveformCachePath(item!.filePath!));
      expect(cache && existsSync(cache)).toBe(true);
      const again = await call(t.app, '/data/waveform', { item_id: item!.id }, { token: producer });
      expect(again.body.data).toEqual(waveform);
    },
  );

  it.skipIf(!ffmpeg)('computes once for callers that ask at the same time', async () => {
    const [item] = await itemsFor([{ name: 'twice.wav', content: wavAudio(1) }]);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t.app, '/data/waveform', { item_id: item!.id }, { token: annotator })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body.data).toEqual(answers[0]!.body.data);
  });

  it('refuses items that are not audio, and answers a clear error when ffmpeg is missing', async () => {
    const [image, audio] = await itemsFor([
      { name: 'photo.png', content: pngImage() },
      { name: 'voice.wav', content: wavAudio(0.5) },
    ]);
    const refused = await call(t.app, '/data/waveform', { item_id: image!.id }, { token: producer });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('media_unreadable');

    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    try {
      const missing = await call(t.app, '/data/waveform', { item_id: audio!.id }, { token: producer, lang: 'en-US' });
      expect(missing.status).toBe(503);
      expect(missing.body.error).toBe('ffmpeg_missing');
      expect(missing.body.message).toMatch(/ffmpeg/);
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
    if (!ffmpeg) return;
    // Nothing was cached by the failure: with ffmpeg back the waveform comes.
    const later = await call(t.app, '/data/waveform', { item_id: audio!.id }, { token: producer });
    expect(later.status).toBe(200);
  });

  it.skipIf(!ffmpeg)('answers media_unreadable for a file ffmpeg cannot decode', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'waveform-'));
    try {
      const file = path.join(dir, 'broken.wav');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, Buffer.from('RIFF not really a wave file at all'));
      await expect(computePeaks(file)).rejects.toMatchObject({ code: 'media_unreadable' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!ffmpeg)(
    'reads a 1-hour file into at most 200,000 buckets',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'waveform-'));
      try {
        const file = path.join(dir, 'hour.wav');
        const made = spawnSync('ffmpeg', [
          ...[
            '-nostdin',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'sine=frequency=220:sample_rate=8000:duration=3600',
          ],
          ...['-ac', '1', file],
        ]);
        expect(made.status).toBe(0);
        const waveform = await computePeaks(file);
        expect(waveform.duration).toBeCloseTo(3600, 0);
        expect(waveform.buckets_per_second).toBe(50);
        expect(waveform.length).toBe(180_000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('PeakAccumulator', () => {
  it('keeps min and max per bucket across chunks split inside a sample, and merges buckets past the limit', () => {
    const samples = Int16Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? 32767 : i % 10 === 5 ? -32768 : 0));
    const bytes = Buffer.from(samples.buffer);
    const peaks = new PeakAccumulator(1000, 100, 40);
    // Chunks of odd sizes: samples are split across chunks.
    for (let offset = 0; offset < bytes.length; offset += 7) peaks.push(bytes.subarray(offset, offset + 7));
    const waveform = peaks.finish();
    expect(waveform.duration).toBe(1);
    // 100 buckets of 10 samples, merged in threes down to 34 (at most 40).
    expect(waveform.length).toBe(34);
    expect(waveform.buckets_per_second).toBeCloseTo(100 / 3);
    const values = decode(waveform.peaks);
    expect([...values.slice(0, 4)]).toEqual([-127, 127, -127, 127]);
  });
});
