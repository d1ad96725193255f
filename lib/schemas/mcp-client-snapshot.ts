/**
 * Saved MCP client snapshots (docs/storage.md): `{ name, description?, servers }`, each server
 * stdio or http, and the request bodies of the saved client operations made of them, which the
 * browser's forms validate with as the API parses with. Server names have no `_`, so `server_tool`
 * names split unambiguously. `env` values are secrets: encrypted at rest, masked in every response.
 */
import { z } from 'zod';
import type { InternalAddresses } from '../auth';
import { envNamePattern, isRuntimeVariable, runtimeVariableMessage } from '../mcp/stdio-rules';
import { atMostKeys, sizeCaps } from '../rules';
import { recordIdSchema } from './agent-bodies';
import { describeClass, refusedHostClass } from '../net/address-classes';

export const serverNamePattern = /^[a-zA-Z0-9-]+$/;

export const maxMcpClientVersionsPerImport = 10_000;

const serverName = z
  .string()
  .max(64)
  .regex(serverNamePattern, 'Server names use only letters, digits and "-" (no "_": tool names are server_tool)');
const key = z.string().min(1).max(256);
const timeoutWords = 'A whole number of milliseconds, from 1 to 600000 (10 minutes)';
const timeout = z.number({ error: timeoutWords }).int(timeoutWords).min(1, timeoutWords).max(600_000, timeoutWords);
/** Server-level allow-list: bare tool names, optionally with a description override. */
const serverTools = z
  .record(key, z.object({ description: z.string().max(100_000).optional() }).strict())
  .superRefine(atMostKeys(sizeCaps.toolsPerServer, 'tools per server'));

export const stdioServerSchema = z
  .object({
    type: z.literal('stdio'),
    command: z.string().min(1).max(1024),
    args: z.array(z.string().max(10_000)).max(200).optional(),
    env: z
      .record(
        z.string().regex(envNamePattern, 'Environment variable names use letters, digits and "_"'),
        z.string().max(100_000),
      )
      .superRefine((env, context) => {
        atMostKeys(sizeCaps.envVariables, 'environment variables per server')(env, context);
        // Runtime and loader variables are refused whatever the deployment allows; the names the
        // deployment allows (suffixes, STUDIO_STDIO_ALLOWED_ENV) are checked with its settings on write.
        for (const name of Object.keys(env)) {
          if (isRuntimeVariable(name))
            context.addIssue({ code: 'custom', path: [name], message: runtimeVariableMessage(name) });
        }
      })
      .optional(),
    timeout: timeout.optional(),
    tools: serverTools.optional(),
  })
  .strict();

/**
 * The class of address a URL names by itself (its literal host, or a name such as
 * `metadata.google.internal`) when no configured URL may ever reach it: a cloud metadata service,
 * link-local, unspecified, multicast or broadcast. The outbound guard refuses those on every
 * connection; refusing them when saved tells the person at once. A name that resolves there is
 * only found when connecting.
 */
function unreachableClassOf(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  const refused = refusedHostClass(host, { allowInternal: true });
  return refused && describeClass(refused);
}

export const httpServerSchema = z
  .object({
    type: z.literal('http'),
    url: z.url({ protocol: /^https?$/, error: 'An http(s) URL' }).superRefine((url, context) => {
      const unreachable = unreachableClassOf(url);
      if (unreachable)
        context.addIssue({
          code: 'custom',
          message: `points at an address the studio never connects to (${unreachable})`,
        });
    }),
    timeout: timeout.optional(),
    tools: serverTools.optional(),
  })
  .strict();

export const mcpServerSchema = z.discriminatedUnion('type', [stdioServerSchema, httpServerSchema], {
  error: (issue) => (issue.code === 'invalid_union' ? 'A server has type "stdio" or "http"' : undefined),
});

export const mcpServersSchema = z
  .record(serverName, mcpServerSchema)
  .superRefine(atMostKeys(sizeCaps.serversPerClient, 'servers per client'));

export const mcpClientSnapshotSchema = z
  .object({
    name: z.string().max(200).regex(/\S/, 'The name is empty'),
    description: z.string().max(10_000).optional(),
    servers: mcpServersSchema,
  })
  .strict()
  .meta({ id: 'McpClientSnapshot' });

export type McpServerConfig = z.output<typeof mcpServerSchema>;
export type McpClientSnapshot = z.output<typeof mcpClientSnapshotSchema>;

export const mcpClientFields = ['name', 'description', 'servers'] as const;
export const currentMcpClientSchemaVersion = 1;

export const createMcpClientBodySchema = z
  .object({
    id: recordIdSchema('MCP client'),
    name: mcpClientSnapshotSchema.shape.name,
    description: mcpClientSnapshotSchema.shape.description,
    servers: mcpServersSchema,
    changeMessage: z.string().max(2000).optional(),
  })
  .strict()
  .meta({ id: 'CreateMcpClientBody' });

export const updateMcpClientBodySchema = z
  .object({
    baseVersionNumber: z.number().int().min(1).optional(),
    changeMessage: z.string().max(2000).optional(),
    name: mcpClientSnapshotSchema.shape.name.optional(),
    description: z.string().max(10_000).nullable().optional(),
    servers: mcpServersSchema.optional(),
  })
  .strict()
  .meta({ id: 'UpdateMcpClientBody' });

/** Who writes a client version: the audit actor, and what their role lets the servers reach (`allowed` unless said). */
export interface McpClientWriter {
  actor?: string;
  internalAddresses?: InternalAddresses;
}

export type CreateMcpClientInput = z.output<typeof createMcpClientBodySchema> & McpClientWriter;
export type UpdateMcpClientInput = z.output<typeof updateMcpClientBodySchema> & { id: string } & McpClientWriter;
