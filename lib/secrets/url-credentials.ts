/**
 * Credentials inside URLs (`https://user:token@host/mcp`, `?api_key=...`): found, masked for
 * responses, stripped for exports, and put back when a masked URL is sent back unchanged in its
 * origin. Which query parameters count as credentials is decided by name; a false positive only
 * means a harmless value is masked too. A credential parameter left empty (`?api_key=`, as a URL
 * stripped of its credentials has it) carries nothing.
 */
import { checkFailed, type CheckResult } from '../errors';
import { maskSecret, secretMask } from './crypto';

const credentialName = /key|token|secret|pass|pwd|auth|sig|credential|session|jwt/i;

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export function isCredentialParameter(name: string): boolean {
  return credentialName.test(name);
}

export function hasUrlCredentials(url: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  return (
    parsed.username !== '' ||
    parsed.password !== '' ||
    [...parsed.searchParams].some(([name, value]) => value !== '' && isCredentialParameter(name))
  );
}

function rebuild(url: URL, { auth, query }: { auth: string; query: Array<[string, string]> }): string {
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
  return `${url.protocol}//${auth}${url.host}${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** As responses show it: user and password masked, credential parameters masked (`••••` + last 4). */
export function maskUrl(url: string): string {
  const parsed = parse(url);
  if (!parsed || !hasUrlCredentials(url)) return url;
  const user = parsed.username ? maskSecret(decode(parsed.username)) : '';
  const password = parsed.password ? `:${maskSecret(decode(parsed.password))}` : '';
  return rebuild(parsed, {
    auth: user || password ? `${user}${password}@` : '',
    query: [...parsed.searchParams].map(([name, value]) => [
      name,
      isCredentialParameter(name) ? maskSecret(value) : encodeURIComponent(value),
    ]),
  });
}

/** Without any credential (for exports): no user or password, credential parameters emptied. */
export function stripUrlCredentials(url: string): string {
  const parsed = parse(url);
  if (!parsed || !hasUrlCredentials(url)) return url;
  return rebuild(parsed, {
    auth: '',
    query: [...parsed.searchParams].map(([name, value]) => [
      name,
      isCredentialParameter(name) ? '' : encodeURIComponent(value),
    ]),
  });
}

/** The URL with its stored credentials back in place, or why they cannot be. */
export type UnmaskedUrl = CheckResult<string>;

/**
 * A submitted URL whose credentials are masks gets the stored credentials back, but only when the
 * URL still points at the same origin (scheme, host, port): otherwise a user could send the stored
 * secret to a server of their choosing by editing the host around the mask.
 */
export function unmaskUrl({ submitted, stored }: { submitted: string; stored: string | undefined }): UnmaskedUrl {
  const url = parse(submitted);
  if (!url) return { ok: true, value: submitted };
  const masked = (value: string) => decode(value).startsWith(secretMask);
  const maskedParameters = [...url.searchParams].filter(
    ([name, value]) => isCredentialParameter(name) && value.startsWith(secretMask),
  );
  if (!masked(url.username) && !masked(url.password) && maskedParameters.length === 0)
    return { ok: true, value: submitted };
  const previous = stored === undefined ? undefined : parse(stored);
  if (!previous || previous.origin !== url.origin)
    return checkFailed(
      'The URL points somewhere else than the stored one: enter its credentials again instead of the masked values',
    );
  const mismatch = checkFailed('A masked credential in this URL matches no stored one: enter the credentials again');
  if (masked(url.username)) {
    if (maskSecret(decode(previous.username)) !== decode(url.username)) return mismatch;
    url.username = previous.username;
  }
  if (masked(url.password)) {
    if (maskSecret(decode(previous.password)) !== decode(url.password)) return mismatch;
    url.password = previous.password;
  }
  for (const [name, value] of maskedParameters) {
    const original = previous.searchParams.get(name);
    if (original === null || maskSecret(original) !== value) return mismatch;
    url.searchParams.set(name, original);
  }
  return { ok: true, value: url.href };
}
