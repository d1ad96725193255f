'use client';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { ToolGroup } from './tool-group';
import { matchesSearch, ToolRow } from '../../../_components/tool-row';
import { OnlyWhen, SelectableTools } from './selectable-tools';
import type { SourcePicks } from './source-picks';
import type { Collision } from './tool-selection';
import type { CatalogMcpServer, CatalogTool } from './types';
import type { McpClientTools } from './use-mcp-tools';

/**
 * The tools one server lets through its allow-list, namespaced `server_tool` as the model sees
 * them, with the allow-list's description where it gives one (it replaces the server's own).
 */
export function offeredByServer(serverName: string, server: CatalogMcpServer | undefined, tools: CatalogTool[]) {
  const allowed = server?.allowList;
  return tools
    .filter((tool) => allowed === undefined || allowed.includes(tool.name))
    .map((tool) => ({
      name: `${serverName}_${tool.name}`,
      description: server?.descriptions?.[tool.name] ?? tool.description,
      ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    }));
}

/** Every tool name a saved client's servers offer now (none until its listing has loaded). */
export function offeredNamesOf(
  client: { servers: Record<string, CatalogMcpServer> },
  listed: McpClientTools | undefined,
): string[] {
  if (listed?.state !== 'loaded') return [];
  return Object.entries(listed.servers).flatMap(([serverName, report]) =>
    offeredByServer(serverName, client.servers[serverName], report.tools).map((tool) => tool.name),
  );
}

function allowListNote(serverName: string, server: CatalogMcpServer) {
  if (server.allowList === undefined)
    return <Note>Server {serverName} has no allow-list on the saved client: every tool it lists can be offered.</Note>;
  if (server.allowList.length === 0)
    return (
      <Note tone="warning">
        Server {serverName} has an empty allow-list on the saved client, so it passes no tools at all. Add tools to its
        allow-list in the MCP client to offer them.
      </Note>
    );
  return (
    <Note>
      Server {serverName}&rsquo;s allow-list passes only: {server.allowList.join(', ')}.
    </Note>
  );
}

/** What failed, and a Retry that lists the client's servers again. */
function RetryNote({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-2">
      <Note tone="warning">{children}</Note>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function McpClientGroup({
  client,
  listed,
  picks,
  onRetry,
  search,
  collisions,
}: {
  client: { id: string; name: string; servers: Record<string, CatalogMcpServer> };
  listed: McpClientTools | undefined;
  /** What the agent picks of this client (plain or across variants) and how ticking edits it. */
  picks: SourcePicks;
  onRetry: () => void;
  search: string;
  collisions: Map<string, Collision>;
}) {
  const allId = useId();
  const loaded = listed?.state === 'loaded' ? listed.servers : undefined;
  const offered = Object.entries(loaded ?? {}).flatMap(([serverName, report]) =>
    offeredByServer(serverName, client.servers[serverName], report.tools),
  );
  const offeredNames = new Set(offered.map((tool) => tool.name));
  const stale = picks.picked.filter((name) => loaded && !offeredNames.has(name));
  // Under "All tools" the rows cannot change one by one, so a search narrows nothing to act on.
  const searching = offered.some((tool) => !matchesSearch(search, tool.name, tool.description));

  return (
    <ToolGroup
      legend={`MCP: ${client.name}`}
      tools={offered}
      search={search}
      disabled={!loaded || (searching && picks.all.checked)}
      onSelect={({ tools: shown, on, everything }) => {
        // "Select none" over every tool drops the client, "All tools" and tools it no longer offers included.
        if (!on && everything) picks.clear();
        else
          picks.tick(
            shown.map((tool) => tool.name),
            on,
          );
      }}
    >
      <OnlyWhen text={picks.onlyWhen} />
      <Note>
        Ticked tools are offered by name. &ldquo;All tools&rdquo; offers every tool the servers allow, including tools
        they add later. With nothing ticked, this client is not contacted at all.
      </Note>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={allId}
          type="checkbox"
          className="size-4"
          checked={picks.all.checked}
          onChange={(event) => picks.setAll(event.target.checked)}
        />
        <label htmlFor={allId} className="text-sm font-medium">
          All tools of {client.name}, including future ones
        </label>
        <OnlyWhen text={picks.all.checked && picks.all.onlyWhen !== picks.onlyWhen ? picks.all.onlyWhen : undefined} />
      </div>
      {listed === undefined || listed.state === 'loading' ? (
        <p className="text-sm text-slate-700">Loading the tools of {client.name} from its servers…</p>
      ) : null}
      {listed?.state === 'failed' ? (
        <RetryNote onRetry={onRetry}>
          Could not list the tools of {client.name}: {listed.message}
        </RetryNote>
      ) : null}
      {Object.entries(client.servers).map(([serverName, server]) => {
        const report = loaded?.[serverName];
        const tools = report ? offeredByServer(serverName, server, report.tools) : [];
        return (
          <section key={serverName} aria-label={`Server ${serverName}`} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">
              Server {serverName} <span className="font-normal text-slate-600">({server.type})</span>
            </h3>
            {allowListNote(serverName, server)}
            {report && !report.ok ? (
              <RetryNote onRetry={onRetry}>
                Server {serverName} is unreachable: {report.error}. Its tools cannot be listed now; agents using them
                still run with the other sources.
              </RetryNote>
            ) : null}
            <SelectableTools
              tools={tools}
              picks={picks}
              search={search}
              collisions={collisions}
              onlyWhenShown={picks.onlyWhen}
            />
          </section>
        );
      })}
      {stale.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {stale.map((name) => (
            <ToolRow
              key={name}
              name={name}
              description=""
              selected
              override={picks.row(name).override}
              warning="The servers do not offer this tool now: resolution warns about it and skips it."
              onToggle={(on) => picks.tick([name], on)}
              onDescription={(text) => picks.describe(name, text)}
            />
          ))}
        </ul>
      ) : null}
    </ToolGroup>
  );
}
