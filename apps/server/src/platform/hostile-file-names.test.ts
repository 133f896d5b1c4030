import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, storedFiles, uploadData } from '../testing/data-test-kit.ts';
import { pngImage } from '../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';
import { zipOf } from '../testing/unzip.ts';
import { upload } from '../testing/uploads.ts';

/** Names that must never make a file route or an upload answer 500 (inherited object keys, bad escapes, ...). */
let t: TestApp;
let producer: string;
let teacher: string;
let siteId: number;

const NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '%00',
  'a%00.png',
  '..%2f..%2fetc%2fpasswd',
  '..%2F',
  '..%5c..%5cwin.ini',
  '%E0%A4%A',
  '%ff',
  '%',
  'x'.repeat(5000),
  `${'y'.repeat(300)}.png`,
  encodeURIComponent('图片.png'),
  encodeURIComponent('😀'),
  '1e3',
  '-1',
  '0x10',
  '99999999999999999999',
];

/**
 * Every route that serves stored files, with a hostile name in each place a name can go. (Plain dot segments, even
 * escaped as `%2e%2e`, are resolved by URL parsing before routing: they never reach these routes.)
 */
function urlsFor(name: string): string[] {
  return [
    `/files/${name}`,
    `/files/avatars/${name}`,
    `/files/${name}/a.png`,
    `/api/file/${name}/1`,
    `/api/file/data-item/${name}`,
    `/api/file/attachment/${name}`,
    `/api/file/${name}/${name}`,
    `/api/file/video-play/${name}`,
    `/api/file/question-images/${siteId}/${name}`,
    `/api/file/question-images/${name}/${name}`,
    `/api/pack-file/${name}`,
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'producer');
  teacher = await sessionFor(t, 'teacher');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

describe('hostile file names', () => {
  it('answer 4xx on every file route, anonymous or signed in', async () => {
    const failures: string[] = [];
    for (const name of NAMES) {
      for (const url of urlsFor(name)) {
        for (const headers of [{}, { 'access-token': producer }, { cookie: `access_token=${teacher}` }]) {
          const response = await t.app.inject({ method: 'GET', url, headers });
          if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${response.statusCode} ${url}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are refused as upload names with a clear code, never stored', async () => {
    const project = await draftProject(t, siteId);
    const contentmgr = await sessionFor(t, 'contentmgr');
    const category = await call(t.app, '/dataset-category/create', { name: `names-${siteId}` }, { token: contentmgr });
    for (const name of ['a.__proto__', 'a.constructor', 'a.toString', '__proto__', 'constructor.']) {
      const questions = await upload(
        t.app,
        '/dataset-data/import',
        { category_id: category.body.data.id },
        [{ name, content: Buffer.from('Q?\nA. a\nB. b\nANSWER: A\n') }],
        { token: contentmgr },
      );
      expect(questions, name).toMatchObject({ status: 400, body: { error: 'question_file_wrong' } });
      const files = await uploadData(t, producer, project.id, 'files', [{ name, content: pngImage() }]);
      expect(files, name).toMatchObject({ status: 400, body: { error: 'upload_type_wrong' } });
      const image = await upload(t.app, '/dataset-data/image-upload', {}, [{ name, content: pngImage() }], {
        token: teacher,
      });
      expect(image, name).toMatchObject({ status: 400, body: { error: 'upload_type_wrong' } });
    }
    const archive = await zipOf([
      { name: 'a.constructor', content: pngImage() },
      { name: 'b.__proto__', content: pngImage() },
    ]);
    const zip = await uploadData(t, producer, project.id, 'zip', [{ name: 'names.zip', content: archive }]);
    expect(zip.body.data).toMatchObject({
      added: 0,
      failed: [
        { name: 'a.constructor', reason: 'type' },
        { name: 'b.__proto__', reason: 'type' },
      ],
    });
    expect(await storedFiles(t, project.id)).toEqual([]);
  });
});
