/** Where people from the organisation's website form go after logging in. */
export const WEBSITE_TARGET = '/myinfo/teacher';

/** Marker of the website form: `?from=website` (or `?source=website`). */
const WEBSITE = 'website';

/** A path of this site: `/x`, never `//host` or `/\host`, and never a public page that leads back here. */
function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/^\/(login|quicklogin)(\/|\?|$)/.test(value);
}

/**
 * After login: from the website form to /myinfo/teacher; otherwise to the saved full path of the
 * `from` query; else to /.
 */
export function loginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const from = params.get('from') ?? '';
  if (from === WEBSITE || params.get('source') === WEBSITE) return WEBSITE_TARGET;
  return isLocalPath(from) ? from : '/';
}
