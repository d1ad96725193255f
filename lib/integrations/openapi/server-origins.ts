/**
 * PURE: every origin (scheme, host, port) an OpenAPI integration can send its credential to. That
 * is the origin of its `baseUrl` and of every document-, path- and operation-level server, each
 * server's variables filled in by their default and by every value of their `enum`. A masked
 * credential is kept on a save only while this set stays the same, and a call goes out only to an
 * origin in it, so a credential never follows an edit of the document to another host.
 *
 * A server whose variables combine into more than `maxServerCombinations` URLs is refused (the set
 * would be too large to show or to compare); relative and non-HTTP URLs are left out, since no
 * call can use them.
 */
import type { CheckResult, Issue } from '../../errors';
import { isRecord } from '../../is-record';

type JsonObject = Record<string, unknown>;

export const maxServerCombinations = 256;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface ServerEntry {
  server: unknown;
  path: string;
}

function serversAt(owner: JsonObject, path: string): ServerEntry[] {
  const servers = owner.servers;
  if (!Array.isArray(servers)) return [];
  return servers.map((server, index) => ({ server, path: `${path}servers.${index}` }));
}

/** Every `servers` entry of the document, with where it is. */
export function allServers(document: JsonObject): ServerEntry[] {
  const entries = serversAt(document, 'document.');
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [pathKey, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    const prefix = `document.paths.${pathKey}.`;
    entries.push(...serversAt(pathItem, prefix));
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (isRecord(operation)) entries.push(...serversAt(operation, `${prefix}${method}.`));
    }
  }
  return entries;
}

/** The values a variable may take: its default and every enum value (strings, as in a URL). */
function variableValues(variable: unknown): string[] {
  if (!isRecord(variable)) return [];
  const values = new Set<string>();
  if (variable.default !== undefined) values.add(String(variable.default));
  if (Array.isArray(variable.enum)) for (const value of variable.enum) values.add(String(value));
  return [...values];
}

/** Every URL a server template stands for, or undefined past `maxServerCombinations`. */
export function expandServer(url: string, variables: JsonObject): string[] | undefined {
  let urls = [url];
  const names = new Set([...url.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
  for (const name of names) {
    const values = variableValues(variables[name]);
    // A variable without values stays as written, as the call would leave it.
    if (values.length === 0) continue;
    if (urls.length * values.length > maxServerCombinations) return undefined;
    urls = urls.flatMap((partial) => values.map((value) => partial.split(`{${name}}`).join(value)));
  }
  return urls;
}

/** The origin of an absolute http(s) URL, else undefined (no call can go there). */
export function httpOrigin(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The sorted set of origins the integration can call, or why it cannot be computed. */
export function integrationOrigins({
  baseUrl,
  document,
}: {
  baseUrl?: string | undefined;
  document: Record<string, unknown>;
}): CheckResult<string[]> {
  const origins = new Set<string>();
  const issues: Issue[] = [];
  const base = baseUrl === undefined ? undefined : httpOrigin(baseUrl);
  if (base) origins.add(base);
  for (const { server, path } of allServers(document)) {
    if (!isRecord(server) || typeof server.url !== 'string') continue;
    const variables = isRecord(server.variables) ? server.variables : {};
    const urls = expandServer(server.url, variables);
    if (!urls) {
      issues.push({
        path: `${path}.variables`,
        message: `Its variables make more than ${maxServerCombinations} URLs: list fewer enum values`,
      });
      continue;
    }
    for (const url of urls) {
      const origin = httpOrigin(url);
      if (origin) origins.add(origin);
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: [...origins].sort() };
}

/** Whether two origin sets (as `integrationOrigins` returns them, sorted) are the same. */
export function sameOrigins(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((origin, index) => origin === right[index]);
}
