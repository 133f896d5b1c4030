// `npm run janus`: Janus for development, with the repository's templates (deploy/janus), fixed development ports
// and secrets, recordings under ./data/janus-recordings; prints the variables to give the platform (`npm run dev`).
// Its event handler reports to the platform at PLATFORM_URL (default http://127.0.0.1:8080; PLATFORM_URL= turns it
// off). Ctrl-C stops it.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { janusLibDir, writeJanusConfig } = await tsImport('../apps/server/src/testing/janus-server.ts', import.meta.url);
const { janusEventsUrl } = await tsImport('../apps/server/src/modules/live-rooms/index.ts', import.meta.url);

if (!janusLibDir()) {
  console.error('Janus is not installed (Debian/Ubuntu: sudo apt-get install janus janus-tools).');
  process.exit(1);
}
const settings = {
  configDir: path.join(root, 'data/janus'),
  httpPort: 8088,
  wsPort: 8188,
  bindIp: '127.0.0.1',
  tokenSecret: 'development-janus-token-secret',
  roomKey: 'development-janus-room-key',
};
const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';
settings.eventsUrl = platformUrl ? janusEventsUrl(platformUrl, settings.roomKey) : '';
const recordings = path.join(root, 'data/janus-recordings');
mkdirSync(recordings, { recursive: true });
const args = writeJanusConfig(settings);

console.log(`Janus for development; start the platform with:

JANUS_URL=http://127.0.0.1:${settings.httpPort}/janus \\
JANUS_PUBLIC_URL=ws://127.0.0.1:${settings.wsPort} \\
JANUS_TOKEN_SECRET=${settings.tokenSecret} \\
JANUS_ROOM_KEY=${settings.roomKey} \\
JANUS_RECORDINGS_DIR=${recordings} \\
npm run dev
`);
const janus = spawn('janus', [...args, '--disable-colors'], { stdio: 'inherit' });
janus.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => janus.kill(signal));
