/**
 * The input schemas an approval policy's `args.*` are linted against at save (docs/resolution.md,
 * "The rule linter"), found without a network call: registered and built-in tools, the tools a
 * selected MCP client's servers listed last (the pool's lists; nothing connects), and the
 * catalogues of stored OpenAPI integrations (built from the stored document). A name that a
 * selected source may offer but whose schema cannot be known that way (a server not listed yet, an
 * integration defined in code, a tool provider) stays unchecked, also when an earlier source has a
 * tool of that name: a run gets the later source's tool (resolution's merge order).
 */
import { convertMcpTools, type McpServerToolListing, type McpToolEntries } from '../mcp';
import {
  picksTool,
  providerOffers,
  selectedEntries,
  type LintableSnapshot,
  type ToolInputSchemaLookup,
  type ToolOffer,
} from '../rules';
import { isRecord } from '../is-record';

type Layer = (name: string) => ToolOffer;

/** A selected MCP client's servers, each with the tools it listed last (`listed: undefined`: none known). */
export interface KnownMcpClient {
  kind: 'saved' | 'code';
  servers: McpServerToolListing[];
}

/** An integration's catalogue entry, as far as the linter reads it. */
export interface CatalogueTool {
  slug: string;
  inputSchema: unknown;
}

/** Where the schemas come from; none of these may connect to anything outside the studio. */
export interface InputSchemaSources {
  /** A registered or built-in tool's input schema by id; `undefined` for any other name. */
  registered(id: string): unknown;
  /** A client's last listings; `undefined` when it is unknown or offers nothing (it waits for approval). */
  mcpClient(clientId: string): Promise<KnownMcpClient | undefined>;
  /** A stored integration's catalogue; `'unknown'` for one defined in code, `undefined` for no such id. */
  integration(id: string): Promise<CatalogueTool[] | 'unknown' | undefined>;
}

/** Later layers replace earlier ones, as a later source's tool replaces an earlier one of the same name. */
const lastOffer =
  (layers: Layer[]): Layer =>
  (name) => {
    for (let index = layers.length - 1; index >= 0; index -= 1) {
      const offer = layers[index]!(name);
      if (offer !== undefined) return offer;
    }
    return undefined;
  };

function mcpClientLayer(clientId: string, client: KnownMcpClient, selection: McpToolEntries): Layer {
  const { tools } = convertMcpTools({ clientId, clientKind: client.kind, servers: client.servers, selection });
  const known = new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
  const unlisted = client.servers.filter((server) => server.listed === undefined);
  // A saved client's names are `server_tool`; a code server's are bare, so any selected name may be its.
  const mayOffer = (name: string) =>
    unlisted.some((server) =>
      client.kind === 'saved' ? name.startsWith(`${server.name}_`) : picksTool(selection, name),
    );
  return (name) => (known.has(name) ? { schema: known.get(name) } : mayOffer(name) ? 'unknown' : undefined);
}

async function mcpLayer(value: unknown, sources: InputSchemaSources): Promise<Layer> {
  const layers = await Promise.all(
    selectedEntries(value).map(async ([clientId, entry]): Promise<Layer> => {
      if (!isRecord(entry.tools)) return () => undefined;
      const client = await sources.mcpClient(clientId);
      return client ? mcpClientLayer(clientId, client, entry.tools as McpToolEntries) : () => undefined;
    }),
  );
  return lastOffer(layers);
}

async function integrationLayer(value: unknown, sources: InputSchemaSources): Promise<Layer> {
  const layers = await Promise.all(
    selectedEntries(value).map(async ([id, entry]): Promise<Layer> => {
      const { tools } = entry;
      if (!isRecord(tools)) return () => undefined;
      const catalogue = await sources.integration(id);
      if (catalogue === undefined) return () => undefined;
      if (catalogue === 'unknown') return (name) => (picksTool(tools, name) ? 'unknown' : undefined);
      const known = new Map(catalogue.filter((tool) => picksTool(tools, tool.slug)).map((tool) => [tool.slug, tool]));
      return (name) => (known.has(name) ? { schema: known.get(name)!.inputSchema } : undefined);
    }),
  );
  return lastOffer(layers);
}

/** Whether some approval policy holds a rule group (only those read `args.*`). */
function hasPolicyRules(snapshot: LintableSnapshot): boolean {
  const { toolPolicies } = snapshot;
  return (
    isRecord(toolPolicies) &&
    Object.values(toolPolicies).some((policy) => isRecord(policy) && isRecord(policy.requireApproval))
  );
}

/**
 * The input schema of each tool the snapshot's sources offer, by the name the model sees, where it
 * is known without a network call; `undefined` for the others (their `args.*` stay unchecked).
 */
export async function knownInputSchemas({
  snapshot,
  sources,
}: {
  snapshot: LintableSnapshot;
  sources: InputSchemaSources;
}): Promise<ToolInputSchemaLookup> {
  const registry: Layer = (name) => {
    const schema = sources.registered(name);
    return schema === undefined ? undefined : { schema };
  };
  // Nothing else is read for a version whose policies have no rules: there is no `args.*` to check.
  if (!hasPolicyRules(snapshot)) return (name) => sources.registered(name);
  const [mcp, integrations] = await Promise.all([
    mcpLayer(snapshot.mcpClients, sources),
    integrationLayer(snapshot.integrationTools, sources),
  ]);
  const lookup = lastOffer([registry, mcp, integrations, providerOffers(snapshot.toolProviders)]);
  return (name) => {
    const offer = lookup(name);
    return offer === undefined || offer === 'unknown' ? undefined : offer.schema;
  };
}
