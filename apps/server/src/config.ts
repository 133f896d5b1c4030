import { z } from 'zod';

const onOff = z.enum(['on', 'off']);
/** One entry of TRUST_PROXY: an IPv4/IPv6 address with an optional prefix length, or a proxy-addr range name. */
const PROXY_ENTRY = /^$|^(loopback|linklocal|uniquelocal)$|^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

/** Every environment variable the server reads, parsed once. */
const ZConfig = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  CAPTCHA: onOff.default('on'),
  /** on: demo organisations, accounts and sample projects; accounts: without the projects (tests); off: nothing. */
  SEED_DEMO: z.enum(['on', 'accounts', 'off']).default('on'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  RATE_LIMIT: onOff.default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** text: one readable line per event (a terminal); json: pino's JSON lines (log collectors, production). */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  TOKEN_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('access_token'),
  HELP_URL: z.string().default(''),
  EXPERIMENT_URL: z.string().default(''),
  /** The labelling tool module 6 links to; empty: this platform's own workbench. */
  LABELTOOL_URL: z.string().default(''),
  APP_ID: z.string().default('learnlabel'),
  /** Caps the per-file limit of every upload procedure (tests use a small one; default: each procedure's own). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().optional(),
  /** How often the lease sweeper runs (ms); 0 turns it off (tests sweep by hand). */
  JOB_SWEEP_MS: z.coerce.number().int().min(0).default(5000),
  /** How often the exam deadline sweeper submits attempts past their deadline (ms); 0 turns it off. */
  EXAM_SWEEP_MS: z.coerce.number().int().min(0).default(5000),
  /** Caps the unpacked size of one zip archive (default DATA_LIMITS.zipMaxUnpackedBytes). */
  ZIP_MAX_UNPACKED_BYTES: z.coerce.number().int().positive().optional(),
  /** Encrypts the FTP passwords of data packets at rest (docs/data-deployment.md); empty: a fixed development key. */
  DATA_DEPLOY_KEY: z.string().default(''),
  /**
   * The bearer token `/metrics` asks for (`Authorization: Bearer <token>`); empty: `/metrics` answers only requests
   * from this machine (a loopback address that no proxy forwarded).
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** An S3-compatible object store for every stored file; empty: files stay under `DATA_DIR/files`. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
    .default('learnlabel'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** on: `<endpoint>/<bucket>/<key>` addresses (MinIO, most self-hosted stores); off: `<bucket>.<endpoint>`. */
  S3_FORCE_PATH_STYLE: onOff.default('on'),
  /**
   * The store's address as browsers reach it; when set, downloads (packs, files sent as attachments) redirect to a
   * presigned URL there instead of passing through the server.
   */
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed: a comma-separated list of addresses,
   * CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`. Empty (default): none, the client address is
   * the connection's own, so no caller can choose the address that per-address limits and audit lines use.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((value) => value.split(',').every((part) => PROXY_ENTRY.test(part.trim())), 'addresses, CIDRs or names'),
  /**
   * The HTTP API of the Janus WebRTC server the live rooms use (`http://127.0.0.1:8088/janus`; deploy/janus, `npm run
   * janus`): the server creates rooms and registers tokens there, media never pass through it. Empty (and no Volcano):
   * live rooms cannot start media and say so.
   */
  JANUS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The Janus WebSocket address browsers open (`ws://127.0.0.1:8188`, `wss://…` behind TLS); needed with JANUS_URL. */
  JANUS_PUBLIC_URL: z.url({ protocol: /^wss?$/ }).optional(),
  /** Janus's `token_auth_secret`: the server signs the tokens every Janus request needs; needed with JANUS_URL. */
  JANUS_TOKEN_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** The VideoRoom's `admin_key`: rooms are created with it, their secrets derive from it; needed with JANUS_URL. */
  JANUS_ROOM_KEY: z.string().min(16, 'at least 16 characters').optional(),
  /** Where Janus writes recordings, read by the server too (same path on both); default DATA_DIR/janus-recordings. */
  JANUS_RECORDINGS_DIR: z.string().min(1).optional(),
  /**
   * STUN and TURN servers handed to browsers with their media credentials, comma separated (`stun:stun.example.org:3478,
   * turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349`): needed when learners sit behind NATs or
   * firewalls that block UDP to the media server. Empty: none (the media server's own candidates only).
   */
  ICE_SERVERS: z
    .string()
    .default('')
    .refine(
      (value) => value.split(',').every((url) => url.trim() === '' || /^(stuns?|turns?):[^\s]+$/.test(url.trim())),
      'stun:, stuns:, turn: or turns: addresses, comma separated',
    ),
  /** The TURN server's shared secret (coturn `use-auth-secret`, `static-auth-secret`); needed with a turn: address. */
  TURN_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** Volcano Engine RTC app id (24 characters); with VOLCANO_APP_KEY set, Volcano answers the join credentials. */
  VOLCANO_APP_ID: z.string().length(24, 'the 24-character app id of the RTC console').optional(),
  /** Volcano Engine RTC app key: signs the join tokens (never sent to browsers). */
  VOLCANO_APP_KEY: z.string().min(1).optional(),
});

/** The settings that only make sense together: a Janus address with its secrets, a Volcano app id with its key. */
const ZCheckedConfig = ZConfig.superRefine((config, context) => {
  if (config.JANUS_URL) {
    for (const name of ['JANUS_PUBLIC_URL', 'JANUS_TOKEN_SECRET', 'JANUS_ROOM_KEY'] as const) {
      if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'needed with JANUS_URL' });
    }
  }
  if (/(^|,)\s*turns?:/.test(config.ICE_SERVERS) && !config.TURN_SECRET) {
    context.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'needed with a turn: address in ICE_SERVERS' });
  }
  if (Boolean(config.VOLCANO_APP_ID) !== Boolean(config.VOLCANO_APP_KEY)) {
    const name = config.VOLCANO_APP_ID ? 'VOLCANO_APP_KEY' : 'VOLCANO_APP_ID';
    context.addIssue({ code: 'custom', path: [name], message: 'VOLCANO_APP_ID and VOLCANO_APP_KEY go together' });
  }
});

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** The names of every environment variable the server reads (the README's configuration table lists them). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZConfig.shape);

/** Parses the environment; a malformed value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ZConfig.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = ZCheckedConfig.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message} (got "${env[String(issue.path[0])]}")`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Fastify's `trustProxy` for TRUST_PROXY: false when empty, else the list of trusted proxies. */
export function trustedProxies(config: Pick<Config, 'TRUST_PROXY'>): false | string[] {
  const entries = config.TRUST_PROXY.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return entries.length ? entries : false;
}
