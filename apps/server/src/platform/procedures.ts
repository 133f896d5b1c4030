import type { Readable } from 'node:stream';
import type { ParsedInputOf, Procedure, UploadSpec } from '@app/contracts';
import { pickLang } from '@app/i18n';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, AuthedContext, RequestContext, TenantContext } from './context.ts';
import { AppError, invalidInput } from './errors.ts';
import { assertSafeInput, isUnsafeText, unsafeInputError } from './input-guard.ts';
import { readToken, resolveSession } from './session.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookie.ts';

type ContextFor<P extends Procedure> = P['access'] extends { kind: 'public' }
  ? RequestContext
  : P['access'] extends { kind: 'authenticated' }
    ? AuthedContext
    : TenantContext;

type Handler<P extends Procedure> = (input: ParsedInputOf<P>, ctx: ContextFor<P>) => Promise<z.input<P['output']>>;

/** The request after its session is known: the request log line names the caller. */
export type CallerAwareRequest = FastifyRequest & { caller?: { userId: number; siteId: number | null } };

/** One file of a multipart upload: read its stream to the end before asking for the next file. */
export interface IncomingFile {
  readonly name: string;
  readonly mimetype: string;
  readonly stream: Readable;
}

/** The files of an upload, in the order sent, with the per-file limit in force (the contract's, or the config's cap). */
export interface IncomingFiles extends AsyncIterable<IncomingFile> {
  readonly maxBytes: number;
  readonly maxFiles: number;
}

type UploadHandler<P extends Procedure> = (
  input: ParsedInputOf<P>,
  ctx: ContextFor<P>,
  files: IncomingFiles,
) => Promise<z.input<P['output']>>;

export interface Implementation {
  readonly procedure: Procedure;
  readonly handler: (input: unknown, ctx: RequestContext, files?: IncomingFiles) => Promise<unknown>;
}

/** Binds a handler to its contract procedure; the handler gets parsed input and a context fit for its access. */
export function implement<P extends Procedure>(procedure: P, handler: Handler<P>): Implementation {
  return { procedure, handler: handler as Implementation['handler'] };
}

/** Binds a handler to a multipart upload procedure (`upload` in the contract); it gets the files as a stream. */
export function implementUpload<P extends Procedure>(procedure: P, handler: UploadHandler<P>): Implementation {
  if (!procedure.upload) throw new Error(`${procedure.path} is not declared as an upload`);
  return { procedure, handler: handler as Implementation['handler'] };
}

/** Checks that the implementations cover the catalogue exactly; the server does not start otherwise. */
export function checkCoverage(catalogue: readonly Procedure[], implementations: readonly Implementation[]): void {
  const declared = new Map(catalogue.map((p) => [p.path, p]));
  const implemented = new Map<string, Implementation>();
  const problems: string[] = [];
  for (const impl of implementations) {
    if (implemented.has(impl.procedure.path)) problems.push(`${impl.procedure.path}: implemented twice`);
    implemented.set(impl.procedure.path, impl);
    const contract = declared.get(impl.procedure.path);
    if (!contract) problems.push(`${impl.procedure.path}: handler without a contract`);
    else if (contract !== impl.procedure) problems.push(`${impl.procedure.path}: handler bound to another declaration`);
  }
  for (const path of declared.keys()) if (!implemented.has(path)) problems.push(`${path}: contract without a handler`);
  if (declared.size !== catalogue.length) problems.push('the catalogue declares a path twice');
  if (problems.length) throw new Error(`Procedure registry mismatch:\n  ${problems.join('\n  ')}`);
}

/** Builds the per-request context: language, caller, and the session where the access asks for one. */
export async function buildContext(
  deps: AppDeps,
  request: FastifyRequest,
  procedure: Procedure,
): Promise<RequestContext> {
  const ctx: RequestContext = {
    deps,
    db: deps.db,
    lang: pickLang(request.cookies.lang, request.headers['accept-language']),
    ip: request.ip,
    origin: `${request.protocol}://${request.host}`,
    userAgent: String(request.headers['user-agent'] ?? ''),
    requestId: request.id,
    log: request.log,
    session: null,
  };
  if (procedure.access.kind === 'public') return ctx;
  const token = readToken(request, deps.config.TOKEN_COOKIE);
  ctx.session = token ? await resolveSession(deps, token) : null;
  if (!ctx.session) throw new AppError('auth_fail');
  (request as CallerAwareRequest).caller = { userId: ctx.session.userId, siteId: ctx.session.siteId };
  if (procedure.access.kind === 'permission' && !ctx.session.permissions.has(procedure.access.key)) {
    throw new AppError(ctx.session.siteId === null ? 'no_membership' : 'forbidden');
  }
  return ctx;
}

/** Mounts each implementation as `POST /api<path>`: parse input, run the handler, answer `{data}`. */
export function mountProcedures(app: FastifyInstance, deps: AppDeps, implementations: readonly Implementation[]): void {
  const uploads = implementations.filter((i) => i.procedure.upload);
  // Multipart is parsed only on upload routes (an encapsulated scope): JSON procedures keep refusing it.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    for (const { procedure, handler } of uploads) mountUpload(scope, deps, procedure, handler);
  });
  for (const { procedure, handler } of implementations) {
    if (procedure.upload) continue;
    // A procedure may declare a larger body than the server-wide limit (e.g. an avatar as a data URL).
    const options = procedure.bodyLimit ? { bodyLimit: procedure.bodyLimit } : {};
    app.post(`/api${procedure.path}`, options, async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = await buildContext(deps, request, procedure);
      assertSafeInput(request.body, ctx.lang);
      const parsed = procedure.input.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidInput(parsed.error, ctx.lang);
      const data = await handler(parsed.data, ctx);
      if (deps.validateOutput) procedure.output.parse(data);
      if (procedure.session === 'opens') {
        setSessionCookies(request, reply, deps.config, (data as { accessToken: string }).accessToken);
      } else if (procedure.session === 'ends') clearSessionCookies(request, reply, deps.config);
      return reply.send({ data });
    });
  }
}

const MULTIPART_EXPECTED = () =>
  new AppError(
    'invalid_input',
    { fields: '(body): multipart/form-data' },
    { fields: [{ field: '(body)', code: 'multipart' }] },
  );

/** Malformed multipart bodies and a client that stops sending are the caller's fault: 4xx, never 500. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('upload_too_large');
  if (statusCode === 413) return new AppError('payload_too_large');
  if (code?.startsWith('FST_') || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return MULTIPART_EXPECTED();
  if (error instanceof Error && /unexpected end|multipart|boundary|malformed/i.test(error.message)) {
    return MULTIPART_EXPECTED();
  }
  return error;
}

/**
 * Mounts an upload as `POST /api<path>` taking `multipart/form-data`: the session is checked first, then the
 * form fields before the first file are parsed as the input, then the handler reads the files one by one.
 * As for every POST, a bare cookie is refused (`readToken`), so no other site's form can upload with a
 * visitor's cookie.
 */
function mountUpload(scope: FastifyInstance, deps: AppDeps, procedure: Procedure, handler: Implementation['handler']) {
  const spec = procedure.upload as UploadSpec;
  const maxBytes = Math.min(spec.maxBytes, deps.config.UPLOAD_MAX_BYTES ?? spec.maxBytes);
  scope.post(`/api${procedure.path}`, async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = await buildContext(deps, request, procedure);
    if (!request.isMultipart()) throw MULTIPART_EXPECTED();
    try {
      const parts = request.parts({
        limits: { fileSize: maxBytes + 1, files: spec.maxFiles + 1, fields: 50, fieldSize: 64 * 1024 },
      });
      const iterator = parts[Symbol.asyncIterator]();
      const fields: Record<string, unknown> = {};
      let next = await iterator.next();
      while (!next.done && next.value.type === 'field') {
        fields[next.value.fieldname] = next.value.value;
        next = await iterator.next();
      }
      assertSafeInput(fields, ctx.lang);
      const parsed = procedure.input.safeParse(fields);
      if (!parsed.success) throw invalidInput(parsed.error, ctx.lang);
      let pending: Multipart | null = next.done ? null : next.value;
      const files: IncomingFiles = {
        maxBytes,
        maxFiles: spec.maxFiles,
        async *[Symbol.asyncIterator]() {
          let count = 0;
          while (pending) {
            const part = pending;
            if (part.type === 'file') {
              count += 1;
              if (count > spec.maxFiles) throw new AppError('file_count_wrong', { max: spec.maxFiles });
              if (isUnsafeText(part.filename))
                throw unsafeInputError({ field: 'files', code: 'unsafe_text' }, ctx.lang);
              yield { name: part.filename, mimetype: part.mimetype, stream: part.file };
              if (!part.file.readableEnded) part.file.resume();
            }
            const after = await iterator.next();
            pending = after.done ? null : after.value;
          }
        },
      };
      const data = await handler(parsed.data, ctx, files);
      if (deps.validateOutput) procedure.output.parse(data);
      return reply.send({ data });
    } catch (error) {
      throw asClientError(error);
    }
  });
}
