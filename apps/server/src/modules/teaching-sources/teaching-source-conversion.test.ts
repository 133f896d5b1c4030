import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { systemToolPresent } from '../../testing/system-tools.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  docxOf,
  getFile,
  pdfBytes,
  probeBytes,
  uploadSource,
  videoWithSound,
  waitForSource,
} from './source-test-kit.ts';

const hasOffice = systemToolPresent('soffice', 'the office-document conversion tests');
const hasFfmpeg = systemToolPresent('ffmpeg', 'the video conversion tests');

let t: TestApp;
let teacher: FreshMember;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await freshMember(t, await siteIdByName(t, '示范学院'), 'role_teacher');
});
afterAll(() => t.close());

/** Runs `work` with environment variables set, restoring them afterwards. */
async function withEnv<T>(values: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Uploads a file and waits for its conversion. */
async function converted(fileName: string, bytes: Buffer) {
  const source = await uploadSource(t, teacher.token, fileName, bytes);
  expect(source.status).toBe('processing');
  expect(source.view_url).toBeNull();
  return waitForSource(t, teacher.token, source.id);
}

describe('office documents', () => {
  it.runIf(hasOffice)(
    'are converted to pdf by LibreOffice; the original stays the download',
    async () => {
      const docx = docxOf('Teaching sources: a line of text for LibreOffice.');
      const source = await converted('Syllabus.docx', docx);
      expect(source).toMatchObject({ status: 'ready', failure: null, kind: 'document' });
      const view = await getFile(t, source.view_url!, teacher.token);
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('application/pdf');
      expect(view.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(String(view.headers['content-disposition'])).toContain("inline; filename*=UTF-8''Syllabus.pdf");
      const original = await getFile(t, source.download_url, teacher.token);
      expect(original.rawPayload.equals(docx)).toBe(true);
    },
    180_000,
  );

  it('are download-only without LibreOffice (converter_missing)', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), pdfBytes(200)]);
    const source = await withEnv({ LIBREOFFICE_PATH: '/nonexistent/soffice' }, () => converted('slides.pptx', zip));
    expect(source).toMatchObject({ status: 'ready', failure: 'converter_missing', view_url: null });
    expect((await getFile(t, `/api/file/teaching-source/${source.id}`, teacher.token)).statusCode).toBe(404);
    expect((await getFile(t, source.download_url, teacher.token)).rawPayload.equals(zip)).toBe(true);
  });

  it.runIf(hasOffice)(
    'are download-only when LibreOffice cannot read them (convert_failed)',
    async () => {
      const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 7)]);
      const source = await converted('broken.docx', broken);
      expect(source).toMatchObject({ status: 'ready', failure: 'convert_failed', view_url: null });
    },
    180_000,
  );
});

describe('videos', () => {
  it.runIf(hasFfmpeg)(
    'that browsers cannot play are transcoded to H.264 + AAC MP4, keeping the sound',
    async () => {
      const avi = videoWithSound('avi', 'mpeg4', 'pcm_s16le');
      const source = await converted('Lab demo.avi', avi);
      expect(source).toMatchObject({ status: 'ready', failure: null, kind: 'video' });
      expect(source.duration_seconds).toBeGreaterThan(1.8);
      expect(source.duration_seconds).toBeLessThan(2.3);
      const view = await getFile(t, source.view_url!, teacher.token);
      expect(view.headers['content-type']).toBe('video/mp4');
      const probe = probeBytes(view.rawPayload);
      expect(probe).toMatchObject({ video: 'h264', audio: 'aac' });
      expect(probe.duration).toBeGreaterThan(1.8);
      expect(probe.duration).toBeLessThan(2.3);
      const range = await getFile(t, source.view_url!, teacher.token, { range: 'bytes=0-99' });
      expect(range.statusCode).toBe(206);
      expect((await getFile(t, source.download_url, teacher.token)).rawPayload.equals(avi)).toBe(true);
    },
    120_000,
  );

  it.runIf(hasFfmpeg)(
    'that browsers play (H.264 + AAC in MP4) are shown as they are',
    async () => {
      const mp4 = videoWithSound('mp4', 'libx264', 'aac', ['-pix_fmt', 'yuv420p']);
      const source = await converted('intro.mp4', mp4);
      expect(source).toMatchObject({ status: 'ready', failure: null });
      expect(source.duration_seconds).toBeGreaterThan(1.8);
      expect((await getFile(t, source.view_url!, teacher.token)).rawPayload.equals(mp4)).toBe(true);
    },
    60_000,
  );

  it.runIf(hasFfmpeg)(
    'that ffmpeg cannot read fail (media_unreadable)',
    async () => {
      const source = await converted('noise.mkv', pdfBytes(5000));
      expect(source).toMatchObject({ status: 'failed', failure: 'media_unreadable', view_url: null });
    },
    60_000,
  );

  it('without ffmpeg: mp4, webm and m4v are shown as they are, other containers are download-only', async () => {
    const missing = { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };
    const bytes = pdfBytes(3000);
    const [mp4, mov] = await withEnv(missing, async () => [
      await converted('talk.mp4', bytes),
      await converted('talk.mov', bytes),
    ]);
    expect(mp4).toMatchObject({ status: 'ready', failure: null, duration_seconds: null });
    expect((await getFile(t, mp4.view_url!, teacher.token)).rawPayload.equals(bytes)).toBe(true);
    expect(mov).toMatchObject({ status: 'ready', failure: 'converter_missing', view_url: null });
  });
});
