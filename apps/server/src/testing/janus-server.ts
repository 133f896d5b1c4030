import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { janusEventsUrl } from '../modules/live-rooms/index.ts';

/** The repository's Janus configuration templates (deploy/janus/*.jcfg with `{{NAME}}` placeholders). */
export const JANUS_TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/janus');

/**
 * Fills a template's `{{NAME}}` placeholders (comment lines are left as they are: they document them). A line with a
 * placeholder filled with nothing is commented out, so an empty value means Janus's own default rather than an empty
 * setting (Janus reads `allow_origin = ""` as "no origin allowed"). A placeholder without a value is a mistake in the
 * template or the caller, so it throws.
 */
export function fillJanusTemplate(text: string, values: Record<string, string>): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('#')) return line; // comments name the placeholders
      let empty = false;
      const filled = line.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`no value for {{${name}}} in the Janus templates`);
        if (value === '') empty = true;
        return value;
      });
      return empty ? `#${filled}` : filled;
    })
    .join('\n');
}

/**
 * The folder holding Janus's plugins/, transports/ and events/ (Debian: /usr/lib/<arch>-linux-gnu/janus; a build from
 * source: /opt/janus/lib/janus or /usr/local/lib/janus), or null when none holds the VideoRoom plugin.
 */
export function janusLibDir(): string | null {
  const arch = { x64: 'x86_64', arm64: 'aarch64' }[process.arch as string] ?? process.arch;
  const candidates = [
    `/usr/lib/${arch}-linux-gnu/janus`,
    '/usr/lib/janus',
    '/usr/local/lib/janus',
    '/opt/janus/lib/janus',
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'plugins', 'libjanus_videoroom.so'))) ?? null;
}

/**
 * Whether Janus (the `janus` binary and its VideoRoom plugin) is on this machine. Like `systemToolPresent`
 * (system-tools.ts), where it is missing the tests that need it are skipped with the reason printed, and under CI=true
 * (where .ci/run installs it) a missing Janus fails the test file instead.
 */
export function janusPresent(needs: string): boolean {
  // `janus --version` prints "Janus version: …" but exits with 1, so the output is what tells.
  const version = spawnSync('janus', ['--version'], { encoding: 'utf8' });
  const present = /Janus version/.test(`${version.stdout ?? ''}${version.stderr ?? ''}`) && janusLibDir() !== null;
  if (present) return true;
  const reason = `Janus (the janus package with its VideoRoom plugin) is not installed, so ${needs} cannot run`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI installs it (.ci/run)`);
  console.log(`Skipped: ${reason} (install it to run them: apt-get install janus janus-tools).`);
  return false;
}

/** A free TCP port on the loopback address (the operating system's choice, released before Janus takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface JanusSettings {
  /** The folder the filled configuration is written to (and Janus's log, `janus.log`, when logging to a file). */
  configDir: string;
  httpPort: number;
  wsPort: number;
  bindIp: string;
  tokenSecret: string;
  roomKey: string;
  /** Where the event handler POSTs events; empty: no event handler. */
  eventsUrl?: string;
  /** The only page origin allowed to open the WebSocket; empty: any. */
  allowedOrigin?: string;
}

/** Writes deploy/janus/*.jcfg filled with `settings` into `settings.configDir`; answers Janus's arguments. */
export function writeJanusConfig(settings: JanusSettings): string[] {
  const libDir = janusLibDir();
  if (!libDir) throw new Error('the Janus plugins folder was not found (apt-get install janus)');
  const values: Record<string, string> = {
    LIB_DIR: libDir,
    TOKEN_SECRET: settings.tokenSecret,
    ROOM_KEY: settings.roomKey,
    BIND_IP: settings.bindIp,
    HTTP_PORT: String(settings.httpPort),
    WS_PORT: String(settings.wsPort),
    ALLOWED_ORIGIN: settings.allowedOrigin ?? '',
    ENFORCE_ORIGIN: String(Boolean(settings.allowedOrigin)),
    EVENTS: String(Boolean(settings.eventsUrl)),
    EVENTS_URL: settings.eventsUrl ?? '',
  };
  mkdirSync(settings.configDir, { recursive: true });
  for (const file of readdirSync(JANUS_TEMPLATES).filter((name) => name.endsWith('.jcfg'))) {
    const text = readFileSync(path.join(JANUS_TEMPLATES, file), 'utf8');
    writeFileSync(path.join(settings.configDir, file), fillJanusTemplate(text, values));
  }
  // -C/-F: our files only (never /etc/janus); Janus runs in the foreground unless told to daemonize.
  return ['-C', path.join(settings.configDir, 'janus.jcfg'), '-F', settings.configDir];
}

export interface TestJanus {
  /** The server's configuration variables pointing at this Janus (JANUS_URL, JANUS_PUBLIC_URL, secrets, folder). */
  env: Record<string, string>;
  /** The HTTP API (`http://127.0.0.1:<port>/janus`). */
  httpUrl: string;
  /** The WebSocket API browsers use (`ws://127.0.0.1:<port>`, subprotocol `janus-protocol`). */
  wsUrl: string;
  /** Where rooms created with recording write their .mjr files. */
  recordingsDir: string;
  /** Janus's log (read it when a test fails). */
  logFile: string;
  /** Janus's process (the live-room bench reads its CPU time). */
  pid: number;
  /** Stops Janus and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts a Janus of its own for a test file: the repository's templates with random secrets, free loopback ports and a
 * temporary folder (configuration, log, recordings), answering once its HTTP API answers `info` (up to 15 s).
 */
export async function startJanus(
  options: {
    /** Where the event handler posts (a collector of the test's own). */
    eventsUrl?: string;
    /** The platform Janus reports its events to (its address for them is derived from the room key made here). */
    platformUrl?: string;
  } = {},
): Promise<TestJanus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'learnlabel-janus-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const recordingsDir = path.join(dir, 'recordings');
  const logFile = path.join(dir, 'janus.log');
  const [httpPort, wsPort] = [await freePort(), await freePort()];
  const tokenSecret = randomBytes(24).toString('base64url');
  const roomKey = randomBytes(24).toString('base64url');
  let args: string[];
  try {
    mkdirSync(recordingsDir);
    const settings = {
      configDir: path.join(dir, 'config'),
      httpPort,
      wsPort,
      bindIp: '127.0.0.1',
      tokenSecret,
      roomKey,
    };
    const eventsUrl = options.platformUrl ? janusEventsUrl(options.platformUrl, roomKey) : options.eventsUrl;
    args = writeJanusConfig({ ...settings, eventsUrl });
  } catch (error) {
    removeDir();
    throw error;
  }
  const child = spawn('janus', [...args, '--disable-stdout', `--log-file=${logFile}`, '--disable-colors'], {
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1)); // could not start (no janus binary)
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const httpUrl = `http://127.0.0.1:${httpPort}/janus`;
  const wsUrl = `ws://127.0.0.1:${wsPort}`;
  const close = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child, exited);
    removeDir();
  };
  try {
    await waitForInfo(httpUrl, wsPort, exited, logFile);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    env: {
      JANUS_URL: httpUrl,
      JANUS_PUBLIC_URL: wsUrl,
      JANUS_TOKEN_SECRET: tokenSecret,
      JANUS_ROOM_KEY: roomKey,
      JANUS_RECORDINGS_DIR: recordingsDir,
    },
    httpUrl,
    wsUrl,
    recordingsDir,
    logFile,
    pid: child.pid ?? 0,
    close,
  };
}

/** Waits until `GET <httpUrl>/info` answers and the WebSocket port accepts connections; fails if Janus exits. */
async function waitForInfo(httpUrl: string, wsPort: number, exited: Promise<number | null>, logFile: string) {
  const deadline = Date.now() + 15_000;
  let stopped: number | null | undefined;
  void exited.then((code) => {
    stopped = code;
  });
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '');
  while (Date.now() < deadline) {
    if (stopped !== undefined) throw new Error(`Janus exited (code ${stopped}) at start:\n${tail()}`);
    const info = await fetch(`${httpUrl}/info`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.json() as Promise<{ janus?: string }>)
      .catch(() => null);
    if (info?.janus === 'server_info' && (await portOpen(wsPort))) return;
    await delay(100);
  }
  throw new Error(`Janus did not answer within 15 s:\n${tail()}`);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** SIGTERM (Janus closes its sessions and recordings), SIGKILL after 5 s. */
async function stopProcess(child: ChildProcess, exited: Promise<unknown>) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
