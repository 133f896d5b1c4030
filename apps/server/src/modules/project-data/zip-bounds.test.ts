import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../platform/media-encoders.ts';
import { draftProject, itemsOf, projectRow, storedFiles, uploadData } from '../../testing/data-test-kit.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { zipOf } from '../../testing/unzip.ts';
import { sceneImage } from '../demo-projects/index.ts';

/** Zip bombs against the default bounds (4 GiB unpacked per upload): the ratio of unpacked to packed bytes. */
let t: TestApp;
let token: string;
let siteId: number;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

/** A project holding one image already, so "nothing stored" is an unchanged count rather than an empty one. */
async function projectWithOneItem() {
  const project = await draftProject(t, siteId);
  const first = await zipOf([{ name: 'first.png', content: sceneImage(1) }]);
  expect((await uploadData(t, token, project.id, 'zip', [{ name: 'first.zip', content: first }])).status).toBe(200);
  return project;
}

async function expectRefusedWithNothingStored(archive: Buffer, details: Record<string, unknown>) {
  const project = await projectWithOneItem();
  const result = await uploadData(t, token, project.id, 'zip', [{ name: 'bomb.zip', content: archive }]);
  expect(result).toMatchObject({ status: 400, body: { error: 'zip_too_large', details } });
  expect((await projectRow(t, project.id)).itemCount).toBe(1);
  expect(await itemsOf(t, project.id)).toHaveLength(1);
  expect(await storedFiles(t, project.id)).toHaveLength(1);
}

describe('zip bombs', () => {
  it('refuses a small archive of 20 MB of zeros for its ratio, storing nothing', async () => {
    const archive = await zipOf([{ name: 'cloud.bin', content: Buffer.alloc(20 * MB) }]);
    expect(archive.length).toBeLessThan(100 * 1024);
    await expectRefusedWithNothingStored(archive, { reason: 'ratio', entry: 'cloud.bin' });
  });

  it('refuses one bomb entry hidden among incompressible ones (the ratio per entry)', async () => {
    const archive = await zipOf([
      { name: 'noise.bin', content: randomBytes(2 * MB) },
      { name: 'zeros.bin', content: Buffer.alloc(4 * MB) },
    ]);
    // The whole archive unpacks to only about 3 times its size: the entry gives it away.
    expect(6 * MB).toBeLessThan(archive.length * 100);
    await expectRefusedWithNothingStored(archive, { reason: 'ratio', entry: 'zeros.bin' });
  });

  it('refuses many small entries that add up (the ratio of the archive)', async () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({ name: `part-${i}.bin`, content: Buffer.alloc(MB - 4) }));
    await expectRefusedWithNothingStored(await zipOf(entries), { reason: 'ratio', unpacked_bytes: 40 * (MB - 4) });
  });

  it('still takes an ordinary archive of images, a large one included, and text', async () => {
    const project = await draftProject(t, siteId);
    const noise = randomBytes(700 * 700 * 3);
    const large = encodePng(700, 700, (x, y) => {
      const at = (y * 700 + x) * 3;
      return [noise[at] ?? 0, noise[at + 1] ?? 0, noise[at + 2] ?? 0];
    });
    expect(large.length).toBeGreaterThan(MB);
    const lines = Array.from({ length: 40_000 }, (_, i) => `sentence ${i}: the cat sat on the mat`).join('\n');
    const archive = await zipOf([
      ...[2, 3, 4, 5].map((seed) => ({ name: `scenes/${seed}.png`, content: sceneImage(seed) })),
      { name: 'large.png', content: large },
      { name: 'notes.txt', content: Buffer.from(lines) },
    ]);
    const result = await uploadData(t, token, project.id, 'zip', [{ name: 'set.zip', content: archive }]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({ added: 6, failed_count: 0, item_count: 6 });
  });
});
