/**
 * PURE: credentials written into the server URLs of an OpenAPI document (`https://user:pass@host`,
 * `?api_key=...`). A document is stored, shown and exported as written, so such a URL would carry
 * its secret to every reader; credentials belong in the integration's `credentials`, which are
 * encrypted, masked and left out of exports. Each server is checked as written and with its
 * variables filled in, as a call could use it. Which query parameters are credentials is decided
 * by name, as for MCP server URLs (lib/secrets/url-credentials.ts).
 */
import { credentialsPlace } from '../../schemas';
import { isCredentialParameter } from '../../secrets';
import type { Issue } from '../../errors';
import { allServers, expandServer } from './server-origins';
import { isRecord } from '../../is-record';

/** What in the URL is a credential, or undefined. Relative URLs are read against a placeholder. */
function credentialIn(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  if (url.username || url.password) return 'a user name or password';
  const parameter = [...url.searchParams.keys()].find(isCredentialParameter);
  return parameter === undefined ? undefined : `the query parameter "${parameter}"`;
}

/** One issue per server whose URL carries credentials, at `<prefix>document.servers.0.url` and the like. */
export function serverUrlCredentialIssues({
  document,
  prefix = '',
}: {
  document: Record<string, unknown>;
  /** Prepended to each path (a deployment backup passes `integrations.<n>.config.`). */
  prefix?: string;
}): Issue[] {
  const issues: Issue[] = [];
  for (const { server, path } of allServers(document)) {
    if (!isRecord(server) || typeof server.url !== 'string') continue;
    const variables = isRecord(server.variables) ? server.variables : {};
    const urls = [server.url, ...(expandServer(server.url, variables) ?? [])];
    const found = urls.map(credentialIn).find((credential) => credential !== undefined);
    if (found)
      issues.push({
        path: `${prefix}${path}.url`,
        message: `must not carry credentials (${found}): ${credentialsPlace}`,
      });
  }
  return issues;
}
