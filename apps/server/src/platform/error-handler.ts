import { pickLang } from '@app/i18n';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { AppDeps } from './context.ts';
import { AppError, errorBody, invalidInput } from './errors.ts';
import { clearSessionCookies } from './session-cookie.ts';

function langOf(request: FastifyRequest) {
  return pickLang(request.cookies?.lang, request.headers['accept-language']);
}

/**
 * The one error handler: AppError as itself, zod as invalid_input, client faults as 4xx, the rest as internal_error.
 * An `auth_fail` answer also clears the session cookies. Every error answer is counted by its code (`/metrics`).
 */
export function installErrorHandler(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'metrics'>): void {
  const { config, metrics } = deps;
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const lang = langOf(request);
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = invalidInput(error, lang);
    else if (error.statusCode === 413) appError = new AppError('payload_too_large');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError('invalid_input', { fields: error.message }, { fields: [] });
    } else {
      request.log.error({ err: error }, 'internal error');
      appError = new AppError('internal_error', { requestId: request.id });
    }
    if (appError.code === 'too_many_requests') reply.header('retry-after', String(appError.params.seconds ?? 60));
    if (appError.code === 'auth_fail') clearSessionCookies(request, reply, config);
    metrics.countError(appError.code);
    return reply.status(appError.status).send(errorBody(appError, lang));
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = langOf(request);
    metrics.countError('not_found');
    return reply.status(404).send(errorBody(new AppError('not_found'), lang));
  });
}

/** JSON bodies: an empty body is `{}`; malformed JSON is invalid_input. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          new AppError('invalid_input', { fields: '(body): JSON' }, { fields: [{ field: '(body)', code: 'json' }] }),
          undefined,
        );
      }
    },
  );
}
