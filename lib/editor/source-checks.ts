/**
 * Publish-time checks of the tool sources a version names (docs/testing-agents.md, "The publish
 * gate"): every registered tool, saved or code MCP client, integration and tool provider in any
 * variant of the tool fields must exist now, and every saved MCP client must be approved. At
 * runtime such a name would only drop out with a warning; publishing it is refused instead.
 */
import { isConditional, type AgentSnapshot, type PlainOrConditional } from '../snapshots';
import type { EditorContext } from './context';
import type { ToolSourceLookup } from './publish-sources';

export interface SourceProblem {
  code:
    'tool_not_registered' | 'mcp_client_unknown' | 'mcp_needs_approval' | 'integration_unknown' | 'provider_unknown';
  message: string;
  path: string;
}

/** Each key a tool field names, with its path (`field.key`, or `field.<variant>.value.key`). */
function namedKeys<T>(field: string, value: PlainOrConditional<T> | undefined): Array<{ key: string; path: string }> {
  if (value === undefined || value === null) return [];
  const keysOf = (plain: unknown, prefix: string) =>
    Array.isArray(plain)
      ? plain.map((key, index) => ({ key: String(key), path: `${prefix}.${index}` }))
      : Object.keys(plain as object).map((key) => ({ key, path: `${prefix}.${key}` }));
  if (isConditional(value)) return value.flatMap((variant, index) => keysOf(variant.value, `${field}.${index}.value`));
  return keysOf(value, field);
}

/** One problem per name: a key given in two variants is reported at its first place. */
function firstOfEach(entries: Array<{ key: string; path: string }>) {
  const seen = new Set<string>();
  return entries.filter(({ key }) => !seen.has(key) && Boolean(seen.add(key)));
}

async function mcpClientProblems(
  context: EditorContext,
  sources: ToolSourceLookup,
  snapshot: AgentSnapshot,
): Promise<SourceProblem[]> {
  const problems: SourceProblem[] = [];
  for (const { key, path } of firstOfEach(namedKeys('mcpClients', snapshot.mcpClients))) {
    const saved = await context.mcpClients.get(key);
    if (saved?.approval === 'needs_approval') {
      problems.push({
        code: 'mcp_needs_approval',
        message: `MCP client "${key}" has a stdio server that an admin has not approved yet`,
        path,
      });
    } else if (!saved && !sources.hasCodeMcpServer(key)) {
      problems.push({
        code: 'mcp_client_unknown',
        message: `MCP client "${key}" is neither a saved client nor a registered MCP server`,
        path,
      });
    }
  }
  return problems;
}

export async function sourceProblems(
  context: EditorContext,
  { agentId, snapshot, sources }: { agentId: string; snapshot: AgentSnapshot; sources: ToolSourceLookup },
): Promise<SourceProblem[]> {
  const codeTools = context.codeAgents.get(agentId)?.tools ?? {};
  const problems: SourceProblem[] = firstOfEach(namedKeys('tools', snapshot.tools))
    .filter(({ key }) => !sources.hasTool(key) && !Object.hasOwn(codeTools, key))
    .map(({ key, path }) => ({ code: 'tool_not_registered', message: `Tool "${key}" is not registered`, path }));
  problems.push(...(await mcpClientProblems(context, sources, snapshot)));
  for (const { key, path } of firstOfEach(namedKeys('integrationTools', snapshot.integrationTools))) {
    if (!(await sources.hasIntegration(key)))
      problems.push({
        code: 'integration_unknown',
        message: `Integration "${key}" is neither defined in code nor configured`,
        path,
      });
  }
  for (const { key, path } of firstOfEach(namedKeys('toolProviders', snapshot.toolProviders))) {
    if (!sources.hasToolProvider(key))
      problems.push({ code: 'provider_unknown', message: `Tool provider "${key}" is not registered`, path });
  }
  return problems;
}
