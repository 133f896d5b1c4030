import type { ErrorCode, ProcedureAt, ProcedurePath } from '@app/contracts';
import type { z } from 'zod';
import { currentLang, t } from './i18n.ts';

/** Request timeout: 30 minutes. */
export const REQUEST_TIMEOUT_MS = 1_800_000;

/** A failed call: the server's error code and its message in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'request_timeout' | 'network_error' | 'aborted',
    message: string,
    readonly status = 0,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type AuthFailListener = () => void;
let onAuthFail: AuthFailListener = () => {};
/** The shell registers what auth_fail does: drop the token and module, go to /login. */
export function setAuthFailHandler(listener: AuthFailListener): void {
  onAuthFail = listener;
}

/**
 * Headers of every call: the language, and X-Requested-With, which the server requires of a POST signed in by the
 * session cookie alone (no other site's form or simple request can send it).
 */
export function callHeaders(): Record<string, string> {
  return { 'x-requested-with': 'XMLHttpRequest', 'accept-language': currentLang() };
}

export type ApiInput<P extends ProcedurePath> = z.input<ProcedureAt<P>['input']>;
export type ApiOutput<P extends ProcedurePath> = z.output<ProcedureAt<P>['output']>;

/**
 * Calls the contract procedure declared at `path` (`POST /api<path>`) in the session of the cookie; answers its
 * `data`, typed by the contract, or throws ApiError. Only types come from the contract, so the zod schemas
 * stay out of the client's initial JavaScript.
 */
export async function api<P extends ProcedurePath>(
  path: P,
  input: ApiInput<P>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiOutput<P>> {
  const headers = { ...callHeaders(), 'content-type': 'application/json' };
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(input ?? {}), signal });
  } catch (error) {
    if (options.signal?.aborted) throw new ApiError('aborted', '');
    if (timeout.aborted) throw new ApiError('request_timeout', t('common:request_timeout'));
    throw new ApiError('network_error', t('common:network_error'), 0, error);
  }
  let body: { data?: unknown; error?: ErrorCode; message?: string; details?: unknown };
  try {
    body = await response.json();
  } catch {
    throw new ApiError('internal_error', t('common:request_error'), response.status);
  }
  if (body.error !== undefined) {
    if (body.error === 'auth_fail') onAuthFail();
    throw new ApiError(body.error, body.message ?? t('common:request_error'), response.status, body.details);
  }
  return body.data as ApiOutput<P>;
}

/** The message to show for a failure: nothing for an abort. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.code === 'aborted' ? '' : error.message;
  return t('common:request_error');
}
