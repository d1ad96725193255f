/**
 * The secrets a saved server holds, which a tool result from that server must not carry back:
 * a stdio server's `env` values; an HTTP server's URL user and password (and the Basic credential
 * they make), and the values of its credential query parameters; the caller's token forwarded to
 * it. Plain query values (`region=eu`) are not secrets and stay readable.
 */
import { isCredentialParameter } from '../secrets';
import type { McpServerConfig } from './types';

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function urlSecrets(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const user = decode(url.username);
  const password = decode(url.password);
  const secrets = [user, password].filter(Boolean);
  if (user || password) secrets.push(Buffer.from(`${user}:${password}`, 'utf8').toString('base64'));
  for (const [name, value] of url.searchParams) if (isCredentialParameter(name) && value) secrets.push(value);
  return secrets;
}

export function serverSecrets({ server, authToken }: { server: McpServerConfig; authToken?: string }): string[] {
  const own = server.type === 'stdio' ? Object.values(server.env ?? {}) : urlSecrets(server.url);
  return authToken ? [...own, authToken] : own;
}
