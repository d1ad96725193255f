/**
 * The input schemas the editor's live lint (the Tools tab's approval rule builder) checks approval
 * policies' `args.*` against: the ones the server knows at save whatever has happened since it
 * started (docs/resolution.md, "The rule linter"): registered and built-in tools, and the tools of stored integrations (from their stored
 * documents). A name that a later source may offer instead stays unchecked, as on the server when
 * it cannot know that source's schema: an MCP server's tools (the server checks them once it has
 * listed that server; its findings come back on Save), an integration defined in code, a tool
 * provider's. So the builder never refuses a Save the server would take.
 */

import { isVariantList } from './lint-variants';
import { isRecord } from '../../is-record';

/** What the editor's catalogue says of the tool sources (the structural part the lookup reads). */
export interface ToolCatalogue {
  registered: Array<{ name: string; inputSchema?: unknown }>;
  builtIn?: Array<{ name: string; inputSchema?: unknown }>;
  mcpClients: Array<{ id: string; servers: Record<string, unknown> }>;
  integrations: Array<{
    id: string;
    source?: 'code' | 'stored';
    tools: Array<{ name: string; inputSchema?: unknown }>;
  }>;
}

/** The source fields of a version (or of the editor's unsaved values). */
export interface SelectedSources {
  mcpClients?: unknown;
  integrationTools?: unknown;
  toolProviders?: unknown;
}

/** What one source says of a tool name: its schema, "offered, schema not known", or nothing. */
export type ToolOffer = { schema: unknown } | 'unknown' | undefined;

/** The entries of a plain field or of every variant of a conditional one, in stored order. */
export function selectedEntries(value: unknown): Array<[string, Record<string, unknown>]> {
  const values = isVariantList(value)
    ? value.map((variant) => (isRecord(variant) ? variant.value : undefined))
    : [value];
  return values.flatMap((plain) =>
    isRecord(plain)
      ? Object.entries(plain).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
      : [],
  );
}

/** Whether a selection picks a name: `tools: {}` is the whole catalogue, else exactly its keys. */
export const picksTool = (tools: Record<string, unknown>, name: string) =>
  Object.keys(tools).length === 0 || Object.hasOwn(tools, name);

/** What the selected MCP clients may offer under a name: a saved client's `server_tool`, a code server's picks. */
function mcpOffer(catalog: ToolCatalogue, value: unknown, name: string): ToolOffer {
  const offered = selectedEntries(value).some(([clientId, { tools }]) => {
    if (!isRecord(tools)) return false;
    const saved = catalog.mcpClients.find((client) => client.id === clientId);
    if (!saved) return picksTool(tools, name);
    return Object.keys(saved.servers).some((server) => name.startsWith(`${server}_`));
  });
  return offered ? 'unknown' : undefined;
}

function integrationOffer(catalog: ToolCatalogue, value: unknown, name: string): ToolOffer {
  let offer: ToolOffer;
  for (const [id, { tools }] of selectedEntries(value)) {
    const integration = catalog.integrations.find((candidate) => candidate.id === id);
    if (!integration || !isRecord(tools) || !picksTool(tools, name)) continue;
    if (integration.source !== 'stored') offer = 'unknown';
    else {
      const tool = integration.tools.find((candidate) => candidate.name === name);
      if (tool) offer = { schema: tool.inputSchema };
    }
  }
  return offer;
}

/**
 * What the pinned tool-provider tools offer: a provider's catalogue is read over the network, so a
 * pinned slug (renamed `SLUG__LABEL` too) is offered with its schema unknown.
 */
export function providerOffers(value: unknown): (name: string) => ToolOffer {
  const slugs = selectedEntries(value).flatMap(([, { tools }]) => (isRecord(tools) ? Object.keys(tools) : []));
  return (name) => (slugs.some((slug) => name === slug || name.startsWith(`${slug}__`)) ? 'unknown' : undefined);
}

export function catalogueInputSchemas(catalog: ToolCatalogue, values: SelectedSources) {
  const registered = [...catalog.registered, ...(catalog.builtIn ?? [])];
  const providerOffer = providerOffers(values.toolProviders);
  return (name: string): unknown => {
    // A later source's tool replaces an earlier one of the same name, as in resolution.
    const offer =
      providerOffer(name) ??
      integrationOffer(catalog, values.integrationTools, name) ??
      mcpOffer(catalog, values.mcpClients, name);
    if (offer !== undefined) return offer === 'unknown' ? undefined : offer.schema;
    return registered.find((tool) => tool.name === name)?.inputSchema;
  };
}
