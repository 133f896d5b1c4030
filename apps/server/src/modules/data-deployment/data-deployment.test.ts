import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { draftProject, itemsOf, projectRow } from '../../testing/data-test-kit.ts';
import { jpegImage, pngImage } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { startTestFtpServer, type TestFtpServer } from './ftp-test-server.ts';
import { deploymentKey, openSecret } from './secret-box.ts';

const FTP_USER = 'deployer';
const FTP_PASSWORD = 'S3cret-ftp-pass';

let t: TestApp;
let ftp: TestFtpServer;
/** Files on disk, so a second server on the same database (the restart test) reads the same pack zips. */
let dataDir: string;
let operator: string;
let second: number;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'deploy-test-'));
  [t, ftp] = await Promise.all([createTestApp({ DATA_DIR: dataDir }), startTestFtpServer(FTP_USER, FTP_PASSWORD)]);
  operator = await sessionFor(t, 'operator');
  second = await siteIdByName(t, '星河数据');
});
afterAll(async () => {
  await Promise.all([t.close(), ftp.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

async function createPacket(fields: Record<string, unknown>) {
  const created = await call(t.app, '/data-deployment/packet-create', fields, { token: operator });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

/** A packet on the test FTP server: `folder` there, logged in as the deployer with `password`. */
const ftpPacket = (name: string, folder: string, password = FTP_PASSWORD) =>
  createPacket({ name, path: folder, ftp_address: ftp.address, ftp_user: FTP_USER, ftp_password: password });

/** Starts a push of a pack to a packet, or a pull from a packet into a project. */
const push = (packetId: number, packId: number) =>
  call(t.app, '/data-deployment/push', { packet_id: packetId, pack_id: packId }, { token: operator });
const pull = (packetId: number, projectId: number) =>
  call(t.app, '/data-deployment/pull', { packet_id: packetId, project_id: projectId }, { token: operator });

/** A finished pack of a 星河数据 project whose zip is in the store. */
async function finishedPack(bytes: Buffer) {
  const project = await draftProject(t, second);
  const fileKey = `packs/${project.id}/pack-${randomBytes(4).toString('hex')}.zip`;
  await t.deps.storage.saveFile(fileKey, bytes);
  const [pack] = await t.deps.db
    .insert(schema.packs)
    .values({
      siteId: second,
      projectId: project.id,
      format: 'json',
      status: 'succeeded',
      fileKey,
      fileBytes: bytes.length,
    })
    .returning();
  return { pack: pack!, fileName: path.posix.basename(fileKey) };
}

/** Waits until the queued transfer has ended (the queue polls every second). */
async function finished(transferId: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.deps.db.select().from(schema.dataTransfers).where(eq(schema.dataTransfers.id, transferId));
    if (row?.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const list = await call(t.app, '/data-deployment/transfer-list', { pageSize: 100 }, { token: operator });
  const transfer = list.body.data.list.find((row) => row.id === transferId);
  if (!transfer) throw new Error(`transfer ${transferId} is not listed`);
  return transfer;
}

const packetRow = async (id: number) =>
  (await t.deps.db.select().from(schema.dataPackets).where(eq(schema.dataPackets.id, id)))[0]!;

describe('push', () => {
  it('uploads a finished pack byte-identical to <path>/<file name> and updates size, volume and upload time', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(300_000)]);
    const { pack, fileName } = await finishedPack(zip);
    const packet = await ftpPacket('车辆数据交付', '/deliveries/cars');
    const started = await push(packet.id, pack.id);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'push', status: 'running', bytes_total: zip.length });
    const done = await finished(started.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', bytes_done: zip.length, bytes_total: zip.length, error: null });
    const arrived = await readFile(path.join(ftp.root, 'deliveries', 'cars', fileName));
    expect(arrived.equals(zip)).toBe(true);
    const list = await call(t.app, '/data-deployment/packet-list', { keyword: '车辆' }, { token: operator });
    expect(list.body.data.list[0]).toMatchObject({
      id: packet.id,
      size_bytes: zip.length,
      item_count: 1,
      last_transfer: { status: 'succeeded' },
    });
    expect(list.body.data.list[0]!.uploaded_at).not.toBeNull();
  });

  it('with a wrong password fails with the server’s message and changes nothing', async () => {
    const { pack } = await finishedPack(Buffer.from('PK\x03\x04 small'));
    const packet = await ftpPacket('错误密码', 'wrong', 'not-the-password');
    const before = await packetRow(packet.id);
    const started = await push(packet.id, pack.id);
    const done = await finished(started.body.data.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^530 .*Login incorrect/);
    expect(await packetRow(packet.id)).toEqual(before);
    expect(await readdir(ftp.root)).not.toContain('wrong');
  });

  it('refuses a packet without an FTP address and a pack that is not finished', async () => {
    const { pack } = await finishedPack(Buffer.from('PK'));
    const bare = await createPacket({ name: '无地址' });
    const noAddress = await push(bare.id, pack.id);
    expect(noAddress.body.error).toBe('packet_no_ftp_address');
    const withAddress = await createPacket({ name: '未完成', ftp_address: ftp.address });
    await t.deps.db.update(schema.packs).set({ status: 'running' }).where(eq(schema.packs.id, pack.id));
    const notReady = await push(withAddress.id, pack.id);
    expect(notReady).toMatchObject({ status: 409, body: { error: 'pack_not_ready' } });
  });
});

describe('restart', () => {
  it('a transfer left running by a stopped server is queued again at the next start and finishes', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(5000)]);
    const { pack, fileName } = await finishedPack(zip);
    const packet = await ftpPacket('重启续传', 'restart');
    // As a server that stopped during the push leaves it: running, no job queued any more.
    const [left] = await t.deps.db
      .insert(schema.dataTransfers)
      .values({ packetId: packet.id, kind: 'push', packId: pack.id, status: 'running', startedAt: new Date() })
      .returning();
    // Either server's queue may take the job again: both read the same files.
    const next = await createTestApp({ DATA_DIR: dataDir }, t.database);
    try {
      const done = await finished(left!.id);
      expect(done).toMatchObject({ status: 'succeeded', bytes_done: zip.length });
      expect((await readFile(path.join(ftp.root, 'restart', fileName))).equals(zip)).toBe(true);
    } finally {
      await next.close();
    }
  });
});

describe('pull', () => {
  it('imports a directory of two images (recursively) into a project like an upload', async () => {
    const folder = path.join(ftp.root, 'incoming', 'street');
    await mkdir(path.join(folder, 'night'), { recursive: true });
    await writeFile(path.join(folder, 'day.png'), pngImage(8, 8, 3));
    await writeFile(path.join(folder, 'night', 'dark.jpg'), jpegImage());
    await writeFile(path.join(folder, 'readme.txt.bak'), 'not data');
    const project = await draftProject(t, second);
    const packet = await ftpPacket('街景', '/incoming/street');
    const started = await pull(packet.id, project.id);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await finished(started.body.data.id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'succeeded', kind: 'pull', project_name: project.name });
    const items = await itemsOf(t, project.id);
    expect(items.map((i) => [i.name, i.kind, i.siteId])).toEqual([
      ['day.png', 'image', second],
      ['night/dark.jpg', 'image', second],
    ]);
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 2, dataSource: 'files' });
    expect(done.bytes_total).toBe(pngImage(8, 8, 3).length + jpegImage().length);
    expect((await packetRow(packet.id)).itemCount).toBe(3);
  });

  it('unpacks a packet that holds one zip archive, like a zip upload', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(pngImage(4, 4, 1), 'a/one.png');
    zip.addBuffer(pngImage(4, 4, 2), 'two.png');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    await mkdir(path.join(ftp.root, 'zipped'), { recursive: true });
    await writeFile(path.join(ftp.root, 'zipped', 'batch.zip'), Buffer.concat(chunks));
    const project = await draftProject(t, second);
    const packet = await ftpPacket('压缩包', 'zipped');
    const started = await pull(packet.id, project.id);
    expect((await finished(started.body.data.id)).status).toBe('succeeded');
    expect((await itemsOf(t, project.id)).map((i) => i.name)).toEqual(['a/one.png', 'two.png']);
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 2, dataSource: 'zip' });
  });

  it('fails with the server’s message when the folder is missing, and adds nothing', async () => {
    const project = await draftProject(t, second);
    const packet = await ftpPacket('不存在', '/nowhere');
    const started = await pull(packet.id, project.id);
    const done = await finished(started.body.data.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^550 /);
    expect(await itemsOf(t, project.id)).toHaveLength(0);
  });
});

describe('packets', () => {
  it('keep the password encrypted, never return it, and keep it when an update leaves it out', async () => {
    const packet = await createPacket({
      name: '密码测试',
      path: '/p',
      ftp_address: 'ftp.example.com:2121',
      ftp_user: 'u',
      ftp_password: FTP_PASSWORD,
    });
    expect(packet.has_password).toBe(true);
    const stored = await packetRow(packet.id);
    expect(stored.ftpPasswordEnc).not.toContain(FTP_PASSWORD);
    expect(openSecret(stored.ftpPasswordEnc, deploymentKey(t.deps.config.DATA_DEPLOY_KEY))).toBe(FTP_PASSWORD);
    expect(stored).toMatchObject({ ftpHost: 'ftp.example.com', ftpPort: 2121 });
    const updated = await call(
      t.app,
      '/data-deployment/packet-update',
      { id: packet.id, name: '密码测试2', path: '/p2', ftp_address: 'ftp.example.com', ftp_user: 'u' },
      { token: operator },
    );
    expect(updated.body.data).toMatchObject({ name: '密码测试2', ftp_address: 'ftp.example.com', has_password: true });
    expect(openSecret((await packetRow(packet.id)).ftpPasswordEnc, deploymentKey(t.deps.config.DATA_DEPLOY_KEY))).toBe(
      FTP_PASSWORD,
    );
    const outputs = [
      updated,
      await call(t.app, '/data-deployment/packet-list', { pageSize: 100 }, { token: operator }),
      await call(t.app, '/data-deployment/transfer-list', { pageSize: 100 }, { token: operator }),
      await call(t.app, '/system/logs', { pageSize: 100 }, { token: operator }),
    ];
    for (const output of outputs) {
      expect(JSON.stringify(output.body)).not.toContain(FTP_PASSWORD);
      expect(JSON.stringify(output.body)).not.toContain(stored.ftpPasswordEnc);
    }
    const tooLong = await call(t.app, '/data-deployment/packet-create', { name: 'x'.repeat(31) }, { token: operator });
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const badAddress = await call(
      t.app,
      '/data-deployment/packet-create',
      { name: 'x', ftp_address: 'ftp://host' },
      { token: operator },
    );
    expect(badAddress.status).toBe(400);
    const removed = await call(t.app, '/data-deployment/packet-delete', { id: packet.id }, { token: operator });
    expect(removed.body.data).toEqual({ ok: true });
    expect(await t.deps.db.select().from(schema.dataPackets).where(eq(schema.dataPackets.id, packet.id))).toEqual([]);
  });

  it('are platform administration: organisation roles are refused', async () => {
    const packet = await createPacket({ name: '权限' });
    for (const username of ['manager', 'student']) {
      const token = await sessionFor(t, username);
      for (const [procedure, input] of [
        ['/data-deployment/packet-list', {}],
        ['/data-deployment/packet-create', { name: 'x' }],
        ['/data-deployment/packet-delete', { id: packet.id }],
        ['/data-deployment/push', { packet_id: packet.id, pack_id: 1 }],
        ['/data-deployment/pull', { packet_id: packet.id, project_id: 1 }],
        ['/data-deployment/transfer-list', {}],
      ] as const) {
        expect((await call(t.app, procedure, input, { token })).status, `${username} ${procedure}`).toBe(403);
      }
    }
    const root = await sessionFor(t, 'root');
    expect((await call(t.app, '/data-deployment/packet-list', {}, { token: root })).status).toBe(200);
  });
});
