// The pack worker alone in its own process, for bench/export.ts: `export-worker.ts <database url> <data dir> <pack id>`.
// Opens the app's dependencies (no HTTP server, no queue), runs `runPack`, and prints one JSON line with the seconds,
// the resident memory before the pack and its peak (sampled every 20 ms).

import { loadConfig } from '../../apps/server/src/config.ts';
import { runPack } from '../../apps/server/src/modules/packs/pack-worker.ts';
import { createDeps } from '../../apps/server/src/platform/deps.ts';

const [url, dataDir, packId] = process.argv.slice(2);
if (!url || !dataDir || !packId) throw new Error('usage: export-worker.ts <database url> <data dir> <pack id>');
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'off' });
const opened = await createDeps(config);
try {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  await runPack(opened.deps, Number(packId));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ seconds, before, peak }));
} finally {
  await opened.close();
}
