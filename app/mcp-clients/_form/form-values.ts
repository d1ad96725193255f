/**
 * The MCP client form's values and how they map to the API's body: servers as an ordered list
 * (the body's record keyed by server name), arguments one per line, environment variables as rows,
 * the timeout as text. Masked secrets travel back unchanged, which keeps the stored secret.
 */
import type { McpClientVersionView } from '@/lib/editor';
import type { McpServerConfig } from '@/lib/schemas';

export type AllowListMode = 'all' | 'only';

export interface EnvRow {
  name: string;
  value: string;
  /** The value is the saved secret, shown masked (sending it back keeps the secret). */
  saved: boolean;
}

export interface ServerValues {
  name: string;
  type: 'stdio' | 'http';
  command: string;
  /** One argument per line. */
  args: string;
  env: EnvRow[];
  url: string;
  timeout: string;
  allowList: AllowListMode;
  /** Bare tool names the server lets through, with an optional description override. */
  allowed: Record<string, { description?: string }>;
}

export interface McpClientFormValues {
  id: string;
  name: string;
  description: string;
  changeMessage: string;
  servers: ServerValues[];
}

/** A blank server; `type` is HTTP for people who may not save stdio servers. */
export const newServer = (name: string, type: ServerValues['type'] = 'stdio'): ServerValues => ({
  name,
  type,
  command: '',
  args: '',
  env: [],
  url: '',
  timeout: '',
  allowList: 'all',
  allowed: {},
});

export const emptyClient = (serverType: ServerValues['type'] = 'stdio'): McpClientFormValues => ({
  id: '',
  name: '',
  description: '',
  changeMessage: '',
  servers: [newServer('main', serverType)],
});

function serverValues(name: string, server: McpServerConfig): ServerValues {
  const common = {
    ...newServer(name),
    timeout: server.timeout === undefined ? '' : String(server.timeout),
    allowList: server.tools ? ('only' as const) : ('all' as const),
    allowed: { ...(server.tools ?? {}) },
  };
  if (server.type === 'http') return { ...common, type: 'http', url: server.url };
  return {
    ...common,
    command: server.command,
    args: (server.args ?? []).join('\n'),
    env: Object.entries(server.env ?? {}).map(([variable, value]) => ({ name: variable, value, saved: true })),
  };
}

/** The form's values for a saved version (secrets arrive masked and stay so). */
export function valuesOfVersion(version: McpClientVersionView): McpClientFormValues {
  return {
    id: version.clientId,
    name: version.name,
    description: version.description ?? '',
    changeMessage: '',
    servers: Object.entries(version.servers).map(([name, server]) => serverValues(name, server)),
  };
}

/** A timeout as typed: a whole number of milliseconds, or the text itself so the save says what is wrong. */
function timeoutOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function serverBody(server: ServerValues): Record<string, unknown> {
  const timeout = timeoutOf(server.timeout);
  const tools = server.allowList === 'only' ? server.allowed : undefined;
  const optional = { ...(timeout === undefined ? {} : { timeout }), ...(tools ? { tools } : {}) };
  if (server.type === 'http') return { type: 'http', url: server.url.trim(), ...optional };
  const args = server.args.split('\n').filter((line) => line !== '');
  const env = Object.fromEntries(
    server.env.filter((row) => row.name !== '' || row.value !== '').map((row) => [row.name, row.value]),
  );
  return {
    type: 'stdio',
    command: server.command.trim(),
    ...(args.length ? { args } : {}),
    ...(Object.keys(env).length ? { env } : {}),
    ...optional,
  };
}

/** The servers as the API's record, keyed by server name (the form keeps their order). */
export function serversBody(values: McpClientFormValues): Record<string, unknown> {
  return Object.fromEntries(values.servers.map((server) => [server.name.trim(), serverBody(server)]));
}

/**
 * The body a save sends: the create body (with the id), or the update body, in which an emptied
 * description is `null` (cleared). An empty change message is left out.
 */
export function clientBodyOf(values: McpClientFormValues, { editing }: { editing: boolean }): Record<string, unknown> {
  const changeMessage = values.changeMessage.trim() ? { changeMessage: values.changeMessage } : {};
  const common = { name: values.name, servers: serversBody(values), ...changeMessage };
  if (editing) return { ...common, description: values.description.trim() ? values.description : null };
  return { id: values.id, ...common, ...(values.description.trim() ? { description: values.description } : {}) };
}

/** Where the API's issue path (`servers.docs.env.API_KEY`) lives in the form (`servers.0.env.2.value`). */
export function formPathOf(issuePath: string, values: McpClientFormValues): string | undefined {
  const [head, serverName, part, variable] = issuePath.split('.');
  if (head === 'id' || head === 'name' || head === 'description' || head === 'changeMessage') return head;
  if (head !== 'servers') return undefined;
  if (serverName === undefined) return 'servers';
  const index = values.servers.findIndex((server) => server.name.trim() === serverName);
  if (index === -1) return undefined;
  const base = `servers.${index}`;
  if (part === undefined || part === 'type') return `${base}.name`;
  if (part === 'env') {
    const row = values.servers[index]!.env.findIndex((candidate) => candidate.name === variable);
    return row === -1 ? `${base}.envError` : `${base}.env.${row}.value`;
  }
  if (part === 'tools') return `${base}.allowed`;
  if (part === 'command' || part === 'args' || part === 'url' || part === 'timeout') return `${base}.${part}`;
  return `${base}.name`;
}
