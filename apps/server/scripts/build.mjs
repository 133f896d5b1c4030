// `npm run build -w @app/server`: the server bundled by esbuild into `dist/main.js` (ESM, with `main.js.map`), which
// `npm start` runs with plain Node. The server's own code and the workspace packages (`@app/*`) are bundled; every
// other package stays an import, resolved at run time from node_modules (`npm ci --omit=dev` installs them: they are
// the `dependencies` of the workspaces, scripts/check-dependencies.mjs). Files read at run time next to the sources
// (the migrations, the locale catalogues, the web client's dist, the demo video) are not copied: in bundled code
// `import.meta.url` still names the module's source file, so paths made from it resolve as under tsx.
// `node scripts/build.mjs [outdir]` (default: dist); prints the size and the time taken.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's root: the metafile's paths are relative to it (`apps/server/src/main.ts`, `packages/db/src/…`). */
export const ROOT = path.resolve(serverDir, '..', '..');
export const ENTRY = path.join(serverDir, 'src', 'main.ts');

/** A bare specifier that is not a workspace package (`@app/…`) is a package of node_modules: left as an import. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` of each bundled module becomes its source file's URL, computed from the bundle's own URL and the
 * relative path between them, so the output folder and the source tree move together (a clone, an image).
 */
function sourceRelativeMeta(outdir) {
  return {
    name: 'source-relative-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        const unsupported = /import\.meta\.(dirname|filename|resolve)\b/.exec(text);
        if (unsupported) {
          return {
            errors: [
              { text: `${unsupported[0]} is not rewritten for the bundle: derive the path from import.meta.url` },
            ],
          };
        }
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const contents = text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        );
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/** Bundles the server into `outdir` (emptied first); answers esbuild's metafile (inputs, external imports). */
export async function buildServer({ outdir = path.join(serverDir, 'dist') } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { main: ENTRY },
    outdir,
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceRelativeMeta(outdir)],
  });
  return result.metafile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  const outdir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));
  await buildServer({ outdir });
  const size = (file) => `${(statSync(path.join(outdir, file)).size / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Server built into ${path.relative(process.cwd(), outdir) || '.'}/main.js (${size('main.js')}, source map ${size('main.js.map')}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
