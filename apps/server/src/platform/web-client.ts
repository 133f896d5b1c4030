import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the web client (its files and the page fallback), counted under `web` in `/metrics`. */
    webClient?: boolean;
  }
}

/** Vite names the files of `assets/` by their content hash: a name never changes content, so they keep a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is checked with the server on each use, so a new build shows at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web client from `root` (when it holds an index.html): its files, each with the `.br` or `.gz`
 * made beside it at build time (`apps/web/scripts/precompress.mjs`) to clients that accept it, hashed assets cached
 * for a year, index.html and the page fallback `no-cache`. Any other GET is a page of the client (index.html), except
 * under `/api/` and `/assets/`, which answer the JSON 404 (a missing chunk must not come back as HTML). Routes here
 * are counted under `web` in `/metrics`.
 */
export async function registerWebClient(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) return;
  const assets = path.resolve(root, 'assets') + path.sep;
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, webClient: true };
    });
    await web.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (response, file) => {
        response.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        response.setHeader('vary', 'accept-encoding');
      },
    });
    web.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  });
}
