import { schema } from '@app/db';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { limit } from '../../platform/rate-limiter.ts';

export const CAPTCHA_TTL_SECONDS = 300;
/** New captchas per address and minute: enough for people behind one address, not for filling the table. */
export const CAPTCHA_LIMIT = { perIp: 60, windowSeconds: 60 } as const;

/**
 * How the image looks: four characters (none of the look-alikes 0/o/O, 1/i/l/I) in near-black greys (svg-captcha's
 * grey glyphs; a background colour would turn on its random, sometimes pale, colours), 48 px high, crossed by two
 * lighter noise curves. The page shows it at this size on its own light background.
 */
export const CAPTCHA_LOOK = {
  size: 4,
  noise: 2,
  ignoreChars: '0oO1ilI',
  color: false,
  width: 144,
  height: 48,
  fontSize: 54,
} as const;

/** A new image captcha: the SVG goes to the caller, the answer stays in the database. */
export async function createCaptcha(ctx: RequestContext) {
  await limit(ctx, `captcha:ip:${ctx.ip}`, CAPTCHA_LIMIT.perIp, CAPTCHA_LIMIT.windowSeconds);
  const image = svgCaptcha.create(CAPTCHA_LOOK);
  const [row] = await ctx.db
    .insert(schema.captchas)
    .values({ answer: image.text.toLowerCase(), expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
    .returning({ id: schema.captchas.id });
  if (Math.random() < 0.01) await ctx.db.delete(schema.captchas).where(lt(schema.captchas.expiresAt, sql`now()`));
  return {
    captcha_id: row!.id,
    image: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`,
    expires_in: CAPTCHA_TTL_SECONDS,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks and consumes a captcha (single use, whether right or wrong). Skipped when CAPTCHA=off. */
export async function checkCaptcha(
  ctx: RequestContext,
  captchaId: string | undefined,
  answer: string | undefined,
): Promise<void> {
  const { deps } = ctx;
  if (deps.config.CAPTCHA === 'off') return;
  if (!captchaId || !answer || !UUID.test(captchaId)) throw new AppError('captcha_wrong');
  const [row] = await deps.db
    .delete(schema.captchas)
    .where(and(eq(schema.captchas.id, captchaId), gt(schema.captchas.expiresAt, sql`now()`)))
    .returning({ answer: schema.captchas.answer });
  if (!row || row.answer !== answer.trim().toLowerCase()) throw new AppError('captcha_wrong');
}
