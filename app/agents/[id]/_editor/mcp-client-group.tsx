'use client';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { ToolGroup } from './tool-group';
import { MatchingToolRows, ToolRow } from '../../../_components/tool-row';
import { withDescription, withNames, type Collision, type Selection } from './tool-selection';
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
  selection,
  onChange,
  onRetry,
  search,
  collisions,
  disabled,
}: {
  client: { id: string; name: string; servers: Record<string, CatalogMcpServer> };
  listed: McpClientTools | undefined;
  /** `undefined`: the agent does not use this client; `{}`: all tools, including future ones. */
  selection: Selection | undefined;
  onChange: (next: Selection | undefined) => void;
  onRetry: () => void;
  search: string;
  collisions: Map<string, Collision>;
  disabled?: boolean;
}) {
  const allId = useId();
  const all = selection !== undefined && Object.keys(selection).length === 0;
  const picked = selection ?? {};
  const loaded = listed?.state === 'loaded' ? listed.servers : undefined;
  const offered = Object.entries(loaded ?? {}).flatMap(([serverName, report]) =>
    offeredByServer(serverName, client.servers[serverName], report.tools),
  );
  const offeredNames = new Set(offered.map((tool) => tool.name));
  const stale = Object.keys(picked).filter((name) => loaded && !offeredNames.has(name));
  const setPicked = (next: Selection) => onChange(Object.keys(next).length === 0 ? undefined : next);

  return (
    <ToolGroup
      legend={`MCP: ${client.name}`}
      disabled={disabled || !loaded}
      onSelectAll={() => setPicked(withNames(picked, [...offeredNames], true))}
      onSelectNone={() => onChange(undefined)}
    >
      <Note>
        Ticked tools are offered by name. &ldquo;All tools&rdquo; offers every tool the servers allow, including tools
        they add later. With nothing ticked, this client is not contacted at all.
      </Note>
      <div className="flex items-center gap-2">
        <input
          id={allId}
          type="checkbox"
          className="size-4"
          checked={all}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked ? {} : undefined)}
        />
        <label htmlFor={allId} className="text-sm font-medium">
          All tools of {client.name}, including future ones
        </label>
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
            <MatchingToolRows
              tools={tools}
              search={search}
              stateOf={(tool) => ({
                selected: all || tool.name in picked,
                override: picked[tool.name]?.description ?? '',
                disabled: disabled || all,
                collision: all || tool.name in picked ? collisions.get(tool.name) : undefined,
                onToggle: (on) => setPicked(withNames(picked, [tool.name], on)),
                onDescription: all ? undefined : (text) => setPicked(withDescription(picked, tool.name, text)),
              })}
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
              override={picked[name]?.description ?? ''}
              warning="The servers do not offer this tool now: resolution warns about it and skips it."
              disabled={disabled}
              onToggle={(on) => setPicked(withNames(picked, [name], on))}
              onDescription={(text) => setPicked(withDescription(picked, name, text))}
            />
          ))}
        </ul>
      ) : null}
    </ToolGroup>
  );
}
