import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { AVATAR_DATA_URL_MAX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, invalidFields, localStore, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of random noise (noise does not compress, so 40x40 is about 5 KB). */
function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const fieldsOf = (body: { details?: unknown }) => [...new Set(invalidFields(body).map((f) => f.field))];

describe('/user/profile and /user/update-profile', () => {
  const valid = { nickname: '小张', real_name: '张三', mobile: '13800138000', email: 'zhang@example.com' };

  it("answers the caller's own information", async () => {
    const token = await loginAs(t.app, 'student');
    const { body } = await call(t.app, '/user/profile', {}, { token });
    expect(body.data).toMatchObject({ username: 'student', nickname: '张同学', email: 'student@demo.example.com' });
  });

  it('checks the nickname: required, at most 20 characters, no leading space', async () => {
    const token = await loginAs(t.app, 'student');
    for (const [nickname, message] of [
      ['', 'Enter the nickname'],
      ['x'.repeat(21), 'The nickname has at most 20 characters'],
      [' Zhang', 'The nickname cannot start with a space'],
    ] as const) {
      const result = await call(t.app, '/user/update-profile', { ...valid, nickname }, { token, lang: 'en-US' });
      expect(result.status, nickname).toBe(400);
      expect(result.body.error).toBe('invalid_input');
      expect(result.body.details).toHaveProperty('fields', [expect.objectContaining({ field: 'nickname', message })]);
    }
    const twenty = await call(t.app, '/user/update-profile', { ...valid, nickname: '一'.repeat(20) }, { token });
    expect(twenty.status).toBe(200);
  });

  it('checks the name (2-16 letters, Chinese, digits, dots), the mobile (11 digits) and the email', async () => {
    const token = await loginAs(t.app, 'student');
    const refused: [Record<string, unknown>, string][] = [
      [{ real_name: '张' }, 'real_name'],
      [{ real_name: 'a'.repeat(17) }, 'real_name'],
      [{ real_name: 'Li Lei' }, 'real_name'],
      [{ real_name: 'Li_Lei' }, 'real_name'],
      [{ mobile: '1380013800' }, 'mobile'],
      [{ mobile: '138001380001' }, 'mobile'],
      [{ mobile: '1380013800a' }, 'mobile'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: '' }, 'email'],
      [{ email: `${'a'.repeat(21)}@example.com` }, 'email'],
    ];
    for (const [change, field] of refused) {
      const result = await call(t.app, '/user/update-profile', { ...valid, ...change }, { token });
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(result.body), JSON.stringify(change)).toEqual([field]);
    }
    const accepted = await call(t.app, '/user/update-profile', { ...valid, real_name: 'Li.Lei2' }, { token });
    expect(accepted.body.data).toMatchObject({
      real_name: 'Li.Lei2',
      mobile: '13800138000',
      email: 'zhang@example.com',
    });
  });

  it("refuses another account's email whatever its case", async () => {
    const token = await loginAs(t.app, 'student');
    const taken = await call(
      t.app,
      '/user/update-profile',
      { ...valid, email: 'Teacher@Demo.Example.com' },
      { token, lang: 'en-US' },
    );
    expect(taken).toMatchObject({ status: 409, body: { error: 'email_taken', message: 'This email already exists' } });
    const own = await call(t.app, '/user/update-profile', { ...valid, email: 'STUDENT@demo.example.com' }, { token });
    expect(own.body.data.email).toBe('student@demo.example.com');
  });

  it('saves, clears the name and mobile with empty values, and the shell shows the new nickname', async () => {
    const token = await loginAs(t.app, 'student');
    await call(t.app, '/user/detail', {}, { token });
    const saved = await call(t.app, '/user/update-profile', { ...valid, nickname: '新昵称' }, { token });
    expect(saved.body.data).toMatchObject({ nickname: '新昵称', real_name: '张三', mobile: '13800138000' });
    const detail = await call(t.app, '/user/detail', {}, { token });
    expect(detail.body.data.user.nickname).toBe('新昵称');
    const cleared = await call(t.app, '/user/update-profile', { ...valid, real_name: '', mobile: null }, { token });
    expect(cleared.body.data).toMatchObject({ real_name: null, mobile: null });
    const kept = await call(t.app, '/user/update-profile', { nickname: '张同学', email: valid.email }, { token });
    expect(kept.body.data).toMatchObject({ nickname: '张同学', real_name: null, mobile: null });
    expect((await call(t.app, '/user/profile', {}, { token })).body.data.nickname).toBe('张同学');
  });
});

describe('/user/update-password', () => {
  it('checks the rule: 6-16 characters of letters and digits, both kinds', async () => {
    const token = await loginAs(t.app, 'producer');
    for (const password of ['abc12', 'abcdefgh123456789', 'abcdefgh', '12345678', 'abc123!!']) {
      const result = await call(t.app, '/user/update-password', { old_password: 'Demo1234', password }, { token });
      expect(result.status, password).toBe(400);
      expect(fieldsOf(result.body), password).toEqual(['password']);
    }
    const missing = await call(t.app, '/user/update-password', { old_password: '', password: 'abc123' }, { token });
    expect(fieldsOf(missing.body)).toEqual(['old_password']);
  });

  it('refuses a wrong old password and a new one equal to the old', async () => {
    const token = await loginAs(t.app, 'producer');
    const wrong = await call(
      t.app,
      '/user/update-password',
      { old_password: 'Wrong999', password: 'New12345' },
      { token, lang: 'en-US' },
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'old_password_wrong', message: 'The old password is wrong' },
    });
    const same = await call(
      t.app,
      '/user/update-password',
      { old_password: 'Demo1234', password: 'Demo1234' },
      { token },
    );
    expect(same).toMatchObject({ status: 400, body: { error: 'password_same_as_old' } });
    expect((await call(t.app, '/user/profile', {}, { token })).status).toBe(200);
  });

  it('changes it: other sessions end, the current one stays, the new password logs in and the old does not', async () => {
    const current = await loginAs(t.app, 'student2');
    const other = await loginAs(t.app, 'student2');
    expect((await call(t.app, '/user/profile', {}, { token: other })).status).toBe(200);
    const changed = await call(
      t.app,
      '/user/update-password',
      { old_password: 'Demo1234', password: 'Fresh2024' },
      { token: current },
    );
    expect(changed.body).toEqual({ data: { ok: true } });
    expect((await call(t.app, '/user/profile', {}, { token: other })).body.error).toBe('auth_fail');
    expect((await call(t.app, '/user/profile', {}, { token: current })).status).toBe(200);
    expect(await loginAs(t.app, 'student2', 'Fresh2024')).toBeTruthy();
    const old = await call(t.app, '/index/login', { username: 'student2', password: 'Demo1234' });
    expect(old.body.error).toBe('login_failed');
  });
});

describe('/user/update-avatar and GET /files/*', () => {
  it('stores a real PNG, serves the same bytes as image/png, and the shell shows it', async () => {
    const token = await loginAs(t.app, 'teacher');
    const png = noisePng(40, 40);
    expect(png.length).toBeGreaterThan(1024);
    const saved = await call(t.app, '/user/update-avatar', { image: dataUrl(png) }, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.avatar).toMatch(/^\/files\/avatars\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: saved.body.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(png)).toBe(true);
    const detail = await call(t.app, '/user/detail', {}, { token });
    expect(detail.body.data.user.avatar).toBe(saved.body.data.avatar);
    expect((await call(t.app, '/user/profile', {}, { token })).body.data.avatar).toBe(saved.body.data.avatar);
  });

  it('checks the bytes, not the declared type: JPEG accepted, a text file named .png refused', async () => {
    const token = await loginAs(t.app, 'teacher');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048)]);
    const saved = await call(t.app, '/user/update-avatar', { image: dataUrl(jpeg, 'image/png') }, { token });
    expect(saved.body.data.avatar).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: saved.body.data.avatar });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const text = Buffer.from('this is not an image\n'.repeat(100));
    for (const image of [dataUrl(text), dataUrl(text, 'text/plain'), 'x'.repeat(5000), 'data:image/png;base64,@@@@']) {
      const refused = await call(t.app, '/user/update-avatar', { image }, { token, lang: 'en-US' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'file_type_wrong',
        message: 'Only jpg, png or jpeg images are allowed',
      });
    }
  });

  it('refuses images under 1 KB or over 2 MB, and a 3 MB payload with a 4xx (never a 500)', async () => {
    const token = await loginAs(t.app, 'teacher');
    const tiny = noisePng(4, 4);
    expect(tiny.length).toBeLessThan(1024);
    expect((await call(t.app, '/user/update-avatar', { image: dataUrl(tiny) }, { token })).body.error).toBe(
      'file_size_wrong',
    );
    const justOver = Buffer.concat([noisePng(40, 40), Buffer.alloc(2 * 1024 * 1024)]).subarray(0, 2 * 1024 * 1024 + 1);
    const over = await call(t.app, '/user/update-avatar', { image: dataUrl(justOver) }, { token });
    expect(over).toMatchObject({ status: 400, body: { error: 'file_size_wrong' } });
    const huge = Buffer.concat([noisePng(40, 40), randomBytes(3 * 1024 * 1024)]);
    const tooLarge = await call(t.app, '/user/update-avatar', { image: dataUrl(huge) }, { token });
    expect(tooLarge.status).toBeGreaterThanOrEqual(400);
    expect(tooLarge.status).toBeLessThan(500);
    expect(tooLarge.body.error).toBe('payload_too_large');
    const longText = await call(
      t.app,
      '/user/update-avatar',
      { image: 'x'.repeat(AVATAR_DATA_URL_MAX + 1) },
      { token },
    );
    expect(longText).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
  });

  it('keeps the 1 MB body limit for every other procedure', async () => {
    const token = await loginAs(t.app, 'teacher');
    const result = await call(
      t.app,
      '/user/update-profile',
      { nickname: 'x', email: 'a@b.cd', pad: 'x'.repeat(1_100_000) },
      { token },
    );
    expect(result).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });

  it('answers 404 for missing files and for paths that leave the storage root', async () => {
    const outside = path.join(path.dirname(localStore(t).root), `outside-${randomBytes(4).toString('hex')}.txt`);
    writeFileSync(outside, 'secret');
    const name = path.basename(outside);
    // Plain dot segments are resolved by URL parsing before routing: they never reach the store.
    for (const url of [`/files/../${name}`, `/files/%2e%2e/${name}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('secret');
    }
    for (const url of [
      '/files/avatars/missing.png',
      `/files/..%2f${name}`,
      `/files/%2e%2e%2f${name}`,
      `/files/avatars/..%2f..%2f${name}`,
      `/files/avatars%5c..%5c..%5c${name}`,
      '/files/',
      '/files/avatars',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret');
    }
  });
});
