import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CAPTCHA_LIMIT } from './captcha.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA: 'on' });
});
afterAll(() => t.close());

async function newCaptcha() {
  const { body } = await call(t.app, '/index/captcha');
  const [row] = await t.deps.db.select().from(schema.captchas).where(eq(schema.captchas.id, body.data.captcha_id));
  return { id: body.data.captcha_id, image: body.data.image, answer: row!.answer };
}

describe('image captcha', () => {
  it('answers an SVG image and keeps the answer on the server only', async () => {
    const { body } = await call(t.app, '/index/captcha');
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(JSON.stringify(body)).not.toContain('answer');
  });

  it('is easy to read: 48 px high, four near-black characters over lighter noise', async () => {
    for (let i = 0; i < 5; i++) {
      const { body } = await call(t.app, '/index/captcha');
      const svg = Buffer.from(body.data.image.split(',')[1]!, 'base64').toString();
      expect(svg).toMatch(/<svg [^>]*height="48"/);
      // The characters are the filled paths; svg-captcha's greys are #rgb with one digit repeated.
      const glyphs = [...svg.matchAll(/<path fill="#([0-9a-f])\1\1"/g)].map((m) => Number.parseInt(m[1]!, 16));
      expect(glyphs).toHaveLength(4);
      for (const level of glyphs) expect(level).toBeLessThanOrEqual(4); // at most #444: contrast above 9:1 on white
      expect([...svg.matchAll(/<path [^>]*stroke=/g)]).toHaveLength(2);
    }
  });

  it('login with CAPTCHA=on refuses a missing or wrong captcha, accepts the right one once', async () => {
    const missing = await call(t.app, '/index/login', { username: 'student', password: 'Demo1234' });
    expect(missing.body.error).toBe('captcha_wrong');
    const first = await newCaptcha();
    const wrong = await call(t.app, '/index/login', {
      username: 'student',
      password: 'Demo1234',
      captcha_id: first.id,
      captcha: 'zzzz',
    });
    expect(wrong.body).toMatchObject({ error: 'captcha_wrong', message: '验证码错误或已过期，请重新输入' });
    const reused = await call(t.app, '/index/login', {
      username: 'student',
      password: 'Demo1234',
      captcha_id: first.id,
      captcha: first.answer,
    });
    expect(reused.body.error).toBe('captcha_wrong');
    const second = await newCaptcha();
    const right = await call(t.app, '/index/login', {
      username: 'student',
      password: 'Demo1234',
      captcha_id: second.id,
      captcha: second.answer.toUpperCase(),
    });
    expect(right.status).toBe(200);
    expect(right.body.data.userName).toBe('student');
  });

  it('refuses an expired captcha', async () => {
    const captcha = await newCaptcha();
    await t.deps.db
      .update(schema.captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.captchas.id, captcha.id));
    const result = await call(t.app, '/index/login', {
      username: 'student',
      password: 'Demo1234',
      captcha_id: captcha.id,
      captcha: captcha.answer,
    });
    expect(result.body.error).toBe('captcha_wrong');
  });

  it('limits new captchas per address and minute', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < CAPTCHA_LIMIT.perIp; i++)
      expect((await call(t.app, '/index/captcha', {}, { ip })).status).toBe(200);
    const limited = await call(t.app, '/index/captcha', {}, { ip, lang: 'en-US' });
    expect(limited).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    expect(limited.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect((await call(t.app, '/index/captcha', {}, { ip: '10.6.0.2' })).status).toBe(200);
  });
});
