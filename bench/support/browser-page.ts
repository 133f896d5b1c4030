// What the browser benchmarks share: Chromium's path, a page of bench/<name>-page built with the web app's Vite and
// React plugin, and a small static server for it.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Chromium of CHROMIUM_PATH (default Debian's), or an error naming where it was looked for. */
export function chromiumPath(): string {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`Chromium is missing at ${executablePath}`);
  return executablePath;
}

/** Builds `bench/<folder>` (an index.html with its script) into `outDir` with Vite and React as the web app has them. */
export async function buildBenchPage(folder: string, outDir: string): Promise<void> {
  const fromWeb = createRequire(path.join(root, 'apps/web/package.json'));
  const vite = await import(pathToFileURL(fromWeb.resolve('vite')).href);
  const react = (await import(pathToFileURL(fromWeb.resolve('@vitejs/plugin-react')).href)).default;
  await vite.build({
    root: path.join(root, 'bench', folder),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

/** Serves `dir` on a free loopback port. */
export function serveDir(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !existsSync(target)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}
