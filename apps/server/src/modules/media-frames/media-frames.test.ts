import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, uploadData } from '../../testing/data-test-kit.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { systemToolPresent } from '../../testing/system-tools.ts';
import { call, createTestApp, localStore, type TestApp } from '../../testing/test-app.ts';
import { ffmpegVideo } from '../../testing/video-samples.ts';
import { playCachePath } from '../project-data/index.ts';
import { browserPlays } from './probe-video.ts';

/** `/data/video-frames`: probed metadata, a cached H.264 copy of what browsers cannot play, served with ranges. */
const ffmpeg = systemToolPresent('ffmpeg', 'the video probing and conversion tests');
let t: TestApp;
let annotator: string;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  annotator = await sessionFor(t, 'annotator');
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

/** A stored video item made directly (an .mp4 or .webm may hold any codec; the upload is tested on its own). */
async function videoItem(name: string, content: Buffer, site = siteId, kind: 'video' | 'audio' = 'video') {
  const project = await draftProject(t, site);
  const filePath = `projects/${project.id}/data/${Math.random().toString(36).slice(2)}-${name}`;
  await t.deps.storage.saveFile(filePath, content);
  const [item] = await t.deps.db
    .insert(schema.dataItems)
    .values({ siteId: site, projectId: project.id, seq: 1, kind, name, filePath, size: content.length })
    .returning();
  return item!;
}

function probe(file: string) {
  const out = spawnSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
    ...['-show_entries', 'stream=codec_name,nb_read_frames,pix_fmt', '-of', 'json', file],
  ]);
  return JSON.parse(out.stdout.toString()).streams[0] as {
    codec_name: string;
    nb_read_frames: string;
    pix_fmt: string;
  };
}

const frames = (body: unknown) => call(t.app, '/data/video-frames', body, { token: annotator });

describe('/data/video-frames', () => {
  it.skipIf(!ffmpeg)(
    'transcodes an MPEG-4 .avi once to an H.264 MP4 beside the file, and reuses it',
    async () => {
      const item = await videoItem('clip.avi', ffmpegVideo('avi', 'mpeg4', { seconds: 2, fps: 10 }));
      const first = await frames({ item_id: item.id });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        kind: 'transcoded',
        url: `/api/file/video-play/${item.id}`,
        codec: 'mpeg4',
        width: 64,
        height: 48,
        fps: 10,
        frame_count: 20,
      });
      expect(first.body.data.duration).toBeCloseTo(2, 1);
      const copy = localStore(t).absolutePath(playCachePath(item.filePath!))!;
      expect(probe(copy)).toEqual({ codec_name: 'h264', nb_read_frames: '20', pix_fmt: 'yuv420p' });

      const madeAt = statSync(copy).mtimeMs;
      const again = await frames({ item_id: item.id });
      expect(again.body.data).toEqual(first.body.data);
      expect(statSync(copy).mtimeMs).toBe(madeAt);
    },
    60_000,
  );

  it.skipIf(!ffmpeg)(
    'makes a copy at the template frame rate from an .mkv, once for callers asking together, served with ranges',
    async () => {
      const item = await videoItem(
        'clip.mkv',
        ffmpegVideo('mkv', 'libx264', { seconds: 3, fps: 25, width: 65, height: 49 }),
      );
      const answers = await Promise.all([1, 2, 3].map(() => frames({ item_id: item.id, fps: 5 })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1]!.body.data).toEqual(answers[0]!.body.data);
      // Odd sizes are padded at the right and bottom: pixel coordinates stay those of the original.
      expect(answers[0]!.body.data).toMatchObject({
        kind: 'transcoded',
        fps: 5,
        frame_count: 15,
        width: 66,
        height: 50,
      });
      const copy = localStore(t).absolutePath(playCachePath(item.filePath!, 5))!;
      expect(probe(copy)).toMatchObject({ codec_name: 'h264', nb_read_frames: '15' });

      const url = answers[0]!.body.data.url;
      expect(url).toBe(`/api/file/video-play/${item.id}?fps=5`);
      const part = await t.app.inject({ url, headers: { 'access-token': annotator, range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.headers['content-range']).toBe(`bytes 0-99/${statSync(copy).size}`);
      expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      // No copy at another rate yet.
      const missing = await t.app.inject({
        url: `/api/file/video-play/${item.id}?fps=7`,
        headers: { 'access-token': annotator },
      });
      expect(missing.statusCode).toBe(404);
    },
    60_000,
  );

  it.skipIf(!ffmpeg)(
    'answers the stored file for an H.264 MP4, and transcodes it only when forced',
    async () => {
      const item = await videoItem('plain.mp4', ffmpegVideo('mp4', 'libx264', { extra: ['-pix_fmt', 'yuv420p'] }));
      const plain = await frames({ item_id: item.id });
      expect(plain.body.data).toMatchObject({
        kind: 'original',
        url: `/api/file/data-item/${item.id}`,
        codec: 'h264',
        frame_count: 20,
      });
      expect(existsSync(localStore(t).absolutePath(playCachePath(item.filePath!))!)).toBe(false);
      const forced = await frames({ item_id: item.id, force: true });
      expect(forced.body.data).toMatchObject({ kind: 'transcoded', frame_count: 20 });
    },
    60_000,
  );

  it.skipIf(!ffmpeg)(
    'refuses a broken file and a non-video item as media_unreadable',
    async () => {
      const broken = await videoItem('broken.avi', Buffer.from('RIFF....AVI not really a video at all'));
      const refused = await call(
        t.app,
        '/data/video-frames',
        { item_id: broken.id },
        { token: annotator, lang: 'en-US' },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('media_unreadable');
      expect(refused.body.message).toMatch(/cannot be decoded/);
      expect(existsSync(localStore(t).absolutePath(playCachePath(broken.filePath!))!)).toBe(false);

      const sound = await videoItem('voice.mp4', ffmpegVideo('mp4', 'libx264'), siteId, 'audio');
      expect((await frames({ item_id: sound.id })).body.error).toBe('media_unreadable');
    },
    60_000,
  );

  it('answers ffmpeg_missing on a server without ffmpeg, and not_found for another organisation’s item', async () => {
    const clip = await videoItem('clip.avi', Buffer.from('RIFF....AVI LIST'));
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    try {
      const missing = await frames({ item_id: clip.id });
      expect(missing.status).toBe(503);
      expect(missing.body.error).toBe('ffmpeg_missing');
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }

    const other = await videoItem('theirs.avi', Buffer.from('RIFF....AVI LIST'), otherSiteId);
    const hidden = await frames({ item_id: other.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('not_found');
    const file = await t.app.inject({
      url: `/api/file/video-play/${other.id}`,
      headers: { 'access-token': annotator },
    });
    expect(file.statusCode).toBe(404);
  });
});

describe('browserPlays', () => {
  it('takes H.264 8-bit 4:2:0 in MP4, VP8/VP9/AV1 in WebM and Theora in Ogg; nothing in AVI, MKV or MOV', () => {
    expect(browserPlays('a.mp4', { codec: 'h264', pixFmt: 'yuv420p' })).toBe(true);
    expect(browserPlays('a.mp4', { codec: 'h264', pixFmt: 'yuv420p10le' })).toBe(false);
    expect(browserPlays('a.mp4', { codec: 'hevc', pixFmt: 'yuv420p' })).toBe(false);
    expect(browserPlays('a.mp4', { codec: 'mpeg4', pixFmt: 'yuv420p' })).toBe(false);
    expect(browserPlays('a.webm', { codec: 'vp9', pixFmt: 'yuv420p' })).toBe(true);
    expect(browserPlays('a.webm', { codec: 'h264', pixFmt: 'yuv420p' })).toBe(false);
    expect(browserPlays('a.ogv', { codec: 'theora', pixFmt: 'yuv420p' })).toBe(true);
    for (const name of ['a.avi', 'a.mkv', 'a.mov', 'a.wmv', 'a.flv']) {
      expect(browserPlays(name, { codec: 'h264', pixFmt: 'yuv420p' })).toBe(false);
    }
  });

  it.skipIf(!ffmpeg)('accepts .avi, .mkv and .mov uploads as video items, checked by their bytes', async () => {
    const producer = await sessionFor(t, 'producer');
    const project = await draftProject(t, siteId);
    const files = [
      { name: 'a.avi', content: ffmpegVideo('avi', 'mpeg4') },
      { name: 'b.mkv', content: ffmpegVideo('mkv', 'mpeg4') },
      { name: 'c.mov', content: ffmpegVideo('mov', 'mpeg4') },
    ];
    const done = await uploadData(t, producer, project.id, 'files', files);
    expect(done.body.data).toMatchObject({ added: 3, failed: [] });
    expect((await itemsOf(t, project.id)).map((i) => [i.name, i.kind])).toEqual([
      ['a.avi', 'video'],
      ['b.mkv', 'video'],
      ['c.mov', 'video'],
    ]);
    const forged = await uploadData(t, producer, project.id, 'files', [
      { name: 'd.avi', content: Buffer.from('RIFF....WAVEfmt ') },
    ]);
    expect(forged.body).toMatchObject({ error: 'upload_type_wrong', details: { name: 'd.avi', reason: 'mismatch' } });
  });
});
