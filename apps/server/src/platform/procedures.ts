import type { ParsedInputOf, Procedure } from '@app/contracts';
import { pickLang } from '@app/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, AuthedContext, RequestContext, TenantContext } from './context.ts';
import { AppError, invalidInput } from './errors.ts';
import { readToken, resolveSession } from './session.ts';

type ContextFor<P extends Procedure> = P['access'] extends { kind: 'public' }
  ? RequestContext
  : P['access'] extends { kind: 'authenticated' }
    ? AuthedContext
    : TenantContext;

type Handler<P extends Procedure> = (input: ParsedInputOf<P>, ctx: ContextFor<P>) => Promise<z.input<P['output']>>;

/** The request after its session is known: the request log line names the caller. */
export type CallerAwareRequest = FastifyRequest & { caller?: { userId: number; siteId: number | null } };

export interface Implementation {
  readonly procedure: Procedure;
  readonly handler: (input: unknown, ctx: RequestContext) => Promise<unknown>;
}

/** Binds a handler to its contract procedure; the handler gets parsed input and a context fit for its access. */
export function implement<P extends Procedure>(procedure: P, handler: Handler<P>): Implementation {
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
  for (const { procedure, handler } of implementations) {
    // A procedure may declare a larger body than the server-wide limit (e.g. an avatar as a data URL).
    const options = procedure.bodyLimit ? { bodyLimit: procedure.bodyLimit } : {};
    app.post(`/api${procedure.path}`, options, async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = await buildContext(deps, request, procedure);
      const parsed = procedure.input.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidInput(parsed.error, ctx.lang);
      const data = await handler(parsed.data, ctx);
      if (deps.validateOutput) procedure.output.parse(data);
      return reply.send({ data });
    });
  }
}
