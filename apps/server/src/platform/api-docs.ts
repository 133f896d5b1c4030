import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dashboardProcedures } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swaggerUiPackage from 'swagger-ui-dist/package.json' with { type: 'json' };
import type { AppDeps } from './context.ts';
import { AppError } from './errors.ts';
import { buildContext } from './procedures.ts';
import { clearSessionCookies } from './session-cookie.ts';

/** Swagger UI's files, from the npm package (nothing is fetched from elsewhere at run time). */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The asset folder's URL names the package version, so each file may be cached for a year. */
export const API_DOCS_ASSETS = `/api/docs/assets/${swaggerUiPackage.version}`;
export const API_DOCS_INIT = '/api/docs/init.js';

/** The files of the package the page loads, with their types; any other name answers 404. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Who may read the reference: the holders of the platform dashboard's key (`/user/index-platform`: root and operator,
 * the platform administrators), checked exactly as a call of that procedure is (`buildContext`).
 */
const PLATFORM_ADMIN_PROCEDURE = dashboardProcedures.platform;

/**
 * The page's own policy (replacing the site-wide one of security-headers.ts): scripts and styles from this origin
 * only (the page has no inline script), inline styles (Markdown tables in descriptions align cells with `style=`),
 * images from this origin and data:/blob: (the stylesheet's icons, image answers of Try it out), fetches to this
 * origin (the spec and Try it out's calls) and nothing else: no fonts, frames, workers, forms or plugins.
 */
export const API_DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>LearnLabel API reference</title>
    <link rel="icon" type="image/png" href="${API_DOCS_ASSETS}/favicon-32x32.png">
    <link rel="stylesheet" href="${API_DOCS_ASSETS}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_INIT}"></script>
  </body>
</html>
`;

/**
 * Swagger UI on `/api/openapi.json`, every operation folded (the spec is large), no schema section, a filter box;
 * no validator badge (it would load an image from swagger.io). Try it out calls this origin with the session cookie
 * and the `X-Requested-With` header every POST with a bare cookie must carry (session.ts).
 */
const INIT = `'use strict';
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
  deepLinking: true,
  filter: true,
  validatorUrl: null,
  requestInterceptor: function (request) {
    request.headers['X-Requested-With'] = 'XMLHttpRequest';
    return request;
  },
});
`;

const assetCache = new Map<string, Promise<Buffer>>();

function readAsset(name: string): Promise<Buffer> {
  let file = assetCache.get(name);
  if (!file) {
    file = readFile(path.join(SWAGGER_DIR, name));
    assetCache.set(name, file);
    file.catch(() => assetCache.delete(name));
  }
  return file;
}

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(String(request.headers.accept ?? ''));

/**
 * `GET /api/docs`: the API reference (Swagger UI) for platform administrators. A visitor without a session is sent
 * to the login page (which comes back here) when a browser asks for a page, else answers `auth_fail` (401); a
 * signed-in user without the key answers `forbidden` (`no_membership` without an organisation), 403. Its files:
 * the package's under `/api/docs/assets/<version>/` (public: they are the package's, cached for a year) and the
 * start script `/api/docs/init.js`. `/api/openapi.json` stays public: it describes the calls and their access, which
 * the web client's code shows anyway, and every call checks its own access.
 */
export function registerApiDocs(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/docs',
    {
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('content-security-policy', API_DOCS_POLICY);
        return payload;
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await buildContext(deps, request, PLATFORM_ADMIN_PROCEDURE);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'auth_fail' && wantsHtml(request))) throw error;
        clearSessionCookies(request, reply, deps.config);
        return reply.header('cache-control', 'no-store').redirect(`/login?from=${encodeURIComponent('/api/docs')}`);
      }
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(PAGE);
    },
  );

  app.get(API_DOCS_INIT, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/javascript; charset=utf-8').send(INIT),
  );

  app.get(`${API_DOCS_ASSETS}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = Object.hasOwn(ASSET_TYPES, file) ? ASSET_TYPES[file] : undefined;
    if (!type) return reply.callNotFound();
    const body = await readAsset(file);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(type).send(body);
  });
}
