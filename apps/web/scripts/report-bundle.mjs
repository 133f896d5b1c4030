// After `vite build`: the gzipped size of the JavaScript a visitor loads for the login page and the shell
// (the entry with its static imports, the login page's chunk and the default language's core catalogues).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
const CORE_NAMESPACES = ['common', 'shell', 'errors', 'validation', 'menu', 'roles', 'access'];
const firstLoad = [
  /modules\/auth\/LoginPage\.tsx$/,
  ...CORE_NAMESPACES.map((ns) => new RegExp(`locales/zh-CN/${ns}\\.json$`)),
];
for (const key of Object.keys(manifest)) if (firstLoad.some((pattern) => pattern.test(key))) collect(key, files);
const sizes = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
const total = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
console.log('\nInitial JavaScript of login + shell (gzip):');
for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${s.file}`);
}
console.log(`  ${total.toFixed(1).padStart(7)} KB  total (target <= ${TARGET_KB} KB)`);
console.log(
  `BENCH ${JSON.stringify({ name: 'web.initial_js_gzip', value: Number(total.toFixed(1)), unit: 'KB', target: `<= ${TARGET_KB}` })}`,
);
