import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';

type ForgetPasswordInput = ApiInput<'/index/forget-password'>;

/** The organisation shown on the public pages; only decoration: a failure answers null rather than raising a toast. */
export function publicSiteQuery() {
  return queryOptions({
    queryKey: ['access', 'init'],
    queryFn: () => api('/index/init', {}).catch(() => null),
  });
}

/** What an invitation link leads to; a failure is answered as data (`failure`) for the page to show. */
export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: ['access', 'invitation', token],
    queryFn: () =>
      api('/invitation/public-info', { token }).then(
        (info) => ({ info, failure: null }),
        (failure: unknown) => ({ info: null, failure }),
      ),
  });
}

/** The public check of a certificate code. */
export function certVerifyQuery(code: string) {
  return queryOptions({
    queryKey: ['certificates', 'verify', code],
    queryFn: ({ signal }) => api('/cert/verify', { code }, { signal }),
  });
}

/** A new captcha image with its id. */
export function fetchCaptcha() {
  return api('/index/captcha', {});
}

/** Signs in; the answer sets the session cookie (HttpOnly) and the signed-in hint. */
export function login(input: ApiInput<'/index/login'>) {
  return api('/index/login', input);
}

/** Signs in with a single-use access token. */
export function quickLogin(token: string) {
  return api('/index/login-quick', { access_token: token });
}

/** Joins an organisation through an invitation link. */
export function register(input: ApiInput<'/index/register'>) {
  return api('/index/register', input);
}

/** Registers a new organisation with its manager. */
export function signupSite(input: ApiInput<'/index/signup'>) {
  return api('/index/signup', input);
}

/** Mails the code that proves the email address of a registration. */
export function sendSignupCode(input: ApiInput<'/index/signup-code'>) {
  return api('/index/signup-code', input);
}

/** Mails a password reset code to the account's email. */
export function sendPasswordResetCode(input: Omit<Extract<ForgetPasswordInput, { action: 'send_code' }>, 'action'>) {
  return api('/index/forget-password', { action: 'send_code', ...input });
}

/** Sets a new password with the mailed code. */
export function resetPassword(input: Omit<Extract<ForgetPasswordInput, { action: 'reset' }>, 'action'>) {
  return api('/index/forget-password', { action: 'reset', ...input });
}
