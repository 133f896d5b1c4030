// After `vite build`: the size of the JavaScript a visitor loads for the login page and the shell (the entry with its
// static imports, the login page's chunk and the default language's core catalogues): raw, and as sent compressed
// (gzip level 9 and brotli quality 11, as scripts/precompress.mjs writes them). The target holds for gzip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const TARGET_KB = 350;

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const files = new Set();
collect('index.html', files);
/** The core catalogues as the client names them (src/shared/i18n.ts), so the figure follows that list. */
const i18nSource = readFileSync(path.join(dist, '..', 'src', 'shared', 'i18n.ts'), 'utf8');
const CORE_NAMESPACES = [.../CORE_NAMESPACES = \[([^\]]*)\]/.exec(i18nSource)[1].matchAll(/'([\w-]+)'/g)].map(
  (m) => m[1],
);
if (CORE_NAMESPACES.length === 0) throw new Error('CORE_NAMESPACES not found in src/shared/i18n.ts');
const firstLoad = [
  /modules\/auth\/LoginPage\.tsx$/,
  ...CORE_NAMESPACES.map((ns) => new RegExp(`locales/zh-CN/${ns}\\.json$`)),
];
for (const key of Object.keys(manifest)) if (firstLoad.some((pattern) => pattern.test(key))) collect(key, files);
const sizes = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br };
  });
/** Bytes of the first load, raw or as sent compressed. */
const totalOf = (key) => sizes.reduce((sum, s) => sum + s[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
console.log('\nInitial JavaScript of login + shell (raw, gzip, brotli):');
for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${kb(s.raw)}  ${kb(s.gzip)}  ${kb(s.br)}  ${s.file}`);
}
console.log(
  `  ${kb(totalOf('raw'))}  ${kb(totalOf('gzip'))}  ${kb(totalOf('br'))}  total (target <= ${TARGET_KB} KB gzip)`,
);
const figure = (name, key, target) =>
  console.log(`BENCH ${JSON.stringify({ name, value: Number((totalOf(key) / 1024).toFixed(1)), unit: 'KB', target })}`);
figure('web.initial_js_gzip', 'gzip', `<= ${TARGET_KB}`);
figure('web.initial_js_raw', 'raw', 'lower is better');
figure('web.initial_js_brotli', 'br', 'lower is better');
