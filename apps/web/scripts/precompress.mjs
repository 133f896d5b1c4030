// After `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file of
// the build (JavaScript, CSS, HTML, SVG, JSON) of 1 KB or more, where it is smaller. The server sends them to clients
// that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
// `node scripts/precompress.mjs [folder]` (default: dist).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
const MIN_BYTES = 1024;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/** Every file below `folder`, leaving out dot folders (Vite's `.vite/manifest.json` is not served). */
async function filesBelow(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? filesBelow(full) : [full];
      }),
  );
  return nested.flat();
}

async function precompress(file) {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    toBrotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    toGzip(bytes, { level: 9 }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return { raw: bytes.length, br: Math.min(br.length, bytes.length), gzip: Math.min(gz.length, bytes.length) };
}

const files = (await filesBelow(dist)).filter((file) => COMPRESSIBLE.test(file));
const done = (await Promise.all(files.map(precompress))).filter(Boolean);
const sum = (key) => (done.reduce((total, sizes) => total + sizes[key], 0) / 1024 / 1024).toFixed(2);
console.log(`Precompressed ${done.length} files: ${sum('raw')} MB, brotli ${sum('br')} MB, gzip ${sum('gzip')} MB`);
