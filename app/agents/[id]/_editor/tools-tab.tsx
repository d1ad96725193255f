'use client';
import { useEffect, useState } from 'react';
import { Note } from '../../../_components/ui/card';
import { SearchField } from '../../../_components/ui/field';
import { McpClientGroup, offeredByServer } from './mcp-client-group';
import { ToolGroup } from './tool-group';
import { matchesSearch, SelectableTools, ToolRow } from './tool-row';
import {
  findCollisions,
  mcpSelection,
  providerSelection,
  registeredSelection,
  withDescription,
  withKey,
  withNames,
  type OfferedName,
  type Selection,
} from './tool-selection';
import type { CodeAgentFacts, EditorValues, ToolCatalog } from './types';
import type { useMcpTools } from './use-mcp-tools';

type SetField = <Field extends keyof EditorValues>(field: Field, value: EditorValues[Field]) => void;

const conditionalNote = (field: string) => (
  <Note tone="warning">
    The {field} field holds conditional variants, which the Conditions tab will edit. It is shown here read-only.
  </Note>
);

export function ToolsTab({
  values,
  setField,
  catalog,
  codeAgent,
  mcp,
}: {
  values: EditorValues;
  setField: SetField;
  catalog: ToolCatalog;
  codeAgent: CodeAgentFacts | null;
  mcp: ReturnType<typeof useMcpTools>;
}) {
  const [search, setSearch] = useState('');
  const { ensureLoaded } = mcp;
  const mode = codeAgent?.toolsMode ?? 'stored';
  useEffect(() => {
    if (mode === 'stored' || mode === 'full') ensureLoaded();
  }, [ensureLoaded, mode]);

  const registered = registeredSelection(values.tools);
  const offered: OfferedName[] = [];
  if (mode === 'full')
    for (const tool of codeAgent!.tools) offered.push({ name: tool.name, source: 'code', from: 'Code' });
  const builtInNames = new Set((catalog.builtIn ?? []).map((tool) => tool.name));
  for (const name of Object.keys(registered ?? {}))
    offered.push({ name, source: 'registry', from: builtInNames.has(name) ? 'Built-in tools' : 'Registered tools' });
  for (const client of catalog.mcpClients) {
    const picked = mcpSelection(values.mcpClients, client.id);
    if (picked.conditional || picked.tools === undefined) continue;
    const listed = mcp.byClient[client.id];
    const names =
      Object.keys(picked.tools).length > 0
        ? Object.keys(picked.tools)
        : listed?.state === 'loaded'
          ? Object.entries(listed.servers).flatMap(([server, report]) =>
              offeredByServer(server, client.servers[server], report.tools).map((tool) => tool.name),
            )
          : [];
    for (const name of names) offered.push({ name, source: 'mcp', from: `MCP: ${client.name}` });
  }
  for (const integration of catalog.integrations)
    for (const name of Object.keys(providerSelection(values.integrationTools, integration.id) ?? {}))
      offered.push({ name, source: 'integration', from: `Integrations: ${integration.name}` });
  for (const provider of catalog.providers)
    for (const name of Object.keys(providerSelection(values.toolProviders, provider.id) ?? {}))
      offered.push({ name, source: 'provider', from: `Providers: ${provider.name}` });
  const collisions = findCollisions(offered);

  if (mode === 'code') {
    return (
      <Note>
        This agent&rsquo;s tools are owned by its code (its editor setting), so the editor cannot change them.
      </Note>
    );
  }

  const setRegistered = (next: Selection) => setField('tools', next as EditorValues['tools']);
  /** Sets one id's `{ tools }` entry of a record field; `undefined` removes the id (the source is not used). */
  const setToolsOf = (
    field: 'mcpClients' | 'integrationTools' | 'toolProviders',
    id: string,
    next: Selection | undefined,
  ) =>
    setField(
      field,
      withKey(
        values[field] as Record<string, { tools?: Selection }> | undefined,
        id,
        next === undefined ? undefined : { tools: next },
      ) as never,
    );
  const searchBox = (
    <SearchField
      label="Search tools"
      value={search}
      placeholder="Name or description"
      onChange={(event) => setSearch(event.target.value)}
    />
  );

  if (mode === 'description-only') {
    return (
      <div className="flex flex-col gap-4">
        {searchBox}
        <Note>
          This code agent lets the editor reword the descriptions of its own tools and nothing else: tools cannot be
          added or removed here.
        </Note>
        <ToolGroup legend="Code tools">
          <ul className="flex flex-col gap-2">
            {codeAgent!.tools
              .filter((tool) => matchesSearch(search, tool.name, tool.description))
              .map((tool) => (
                <ToolRow
                  key={tool.name}
                  name={tool.name}
                  description={tool.description}
                  selected
                  override={registered?.[tool.name]?.description ?? ''}
                  onDescription={(text) => setRegistered(withDescription(registered ?? {}, tool.name, text))}
                />
              ))}
          </ul>
        </ToolGroup>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {searchBox}
      <Note>
        Sources merge in this order: code, registered tools, MCP clients, integrations, providers. When two sources
        offer the same name, the later one replaces the earlier tool whole.
      </Note>
      {mode === 'full' ? (
        <ToolGroup legend="Code tools">
          <Note>Defined in this agent&rsquo;s code and always included.</Note>
          <ul className="flex flex-col gap-2">
            {codeAgent!.tools
              .filter((tool) => matchesSearch(search, tool.name, tool.description))
              .map((tool) => (
                <ToolRow key={tool.name} name={tool.name} description={tool.description} selected={false} override="" />
              ))}
          </ul>
        </ToolGroup>
      ) : null}
      <ToolGroup
        legend="Registered tools"
        disabled={registered === null}
        onSelectAll={() =>
          setRegistered(
            withNames(
              registered ?? {},
              catalog.registered.map((tool) => tool.name),
              true,
            ),
          )
        }
        onSelectNone={() =>
          setRegistered(
            withNames(
              registered ?? {},
              catalog.registered.map((tool) => tool.name),
              false,
            ),
          )
        }
      >
        {registered === null ? conditionalNote('tools') : null}
        {catalog.registered.length === 0 ? <p className="text-sm">No tools are registered in code.</p> : null}
        <SelectableTools
          tools={catalog.registered}
          selection={registered}
          search={search}
          collisions={collisions}
          onChange={setRegistered}
        />
      </ToolGroup>
      {catalog.builtIn?.length ? (
        <ToolGroup
          legend="Built-in tools"
          disabled={registered === null}
          onSelectAll={() =>
            setRegistered(
              withNames(
                registered ?? {},
                catalog.builtIn!.map((tool) => tool.name),
                true,
              ),
            )
          }
          onSelectNone={() =>
            setRegistered(
              withNames(
                registered ?? {},
                catalog.builtIn!.map((tool) => tool.name),
                false,
              ),
            )
          }
        >
          <SelectableTools
            tools={catalog.builtIn}
            selection={registered}
            search={search}
            collisions={collisions}
            onChange={setRegistered}
          />
        </ToolGroup>
      ) : null}
      {catalog.mcpClients.length === 0 ? (
        <p className="text-sm text-slate-700">No MCP clients are saved yet, so no MCP tools can be picked.</p>
      ) : null}
      {catalog.mcpClients.map((client) => {
        const picked = mcpSelection(values.mcpClients, client.id);
        return (
          <div key={client.id} className="flex flex-col gap-2">
            {picked.conditional ? conditionalNote('mcpClients') : null}
            <McpClientGroup
              client={client}
              listed={mcp.byClient[client.id]}
              selection={picked.conditional ? undefined : picked.tools}
              disabled={picked.conditional}
              search={search}
              collisions={collisions}
              onRetry={() => void mcp.retry(client.id)}
              onChange={(next) => setToolsOf('mcpClients', client.id, next)}
            />
          </div>
        );
      })}
      <ProviderGroups
        legend="Integrations"
        empty="No integrations are configured."
        providers={catalog.integrations}
        field={values.integrationTools}
        search={search}
        collisions={collisions}
        onChange={(providerId, next) => setToolsOf('integrationTools', providerId, next)}
      />
      <ProviderGroups
        legend="Providers"
        empty="No tool providers are configured."
        providers={catalog.providers}
        field={values.toolProviders}
        search={search}
        collisions={collisions}
        onChange={(providerId, next) => setToolsOf('toolProviders', providerId, next)}
      />
    </div>
  );
}

function ProviderGroups({
  legend,
  empty,
  providers,
  field,
  search,
  collisions,
  onChange,
}: {
  legend: string;
  empty: string;
  providers: Array<{
    id: string;
    name: string;
    tools: Array<{ name: string; description: string; toolkit?: string }>;
    error?: string;
  }>;
  field: EditorValues['integrationTools'] | EditorValues['toolProviders'];
  search: string;
  collisions: ReturnType<typeof findCollisions>;
  onChange: (providerId: string, next: Selection | undefined) => void;
}) {
  return (
    <ToolGroup
      legend={legend}
      onSelectAll={
        providers.length
          ? () => {
              for (const provider of providers) {
                const picked = providerSelection(field, provider.id);
                if (picked === null) continue;
                let next = picked;
                for (const tool of provider.tools)
                  next = withNames(next, [tool.name], true, tool.toolkit ? { toolkit: tool.toolkit } : {});
                onChange(provider.id, next);
              }
            }
          : undefined
      }
      onSelectNone={
        providers.length ? () => providers.forEach((provider) => onChange(provider.id, undefined)) : undefined
      }
    >
      {providers.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : null}
      {providers.map((provider) => {
        const picked = providerSelection(field, provider.id);
        return (
          <section key={provider.id} aria-label={provider.name} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">{provider.name}</h3>
            {picked === null ? conditionalNote(legend) : null}
            {provider.error ? <Note tone="warning">Could not list its tools: {provider.error}</Note> : null}
            <SelectableTools
              tools={provider.tools}
              selection={picked}
              search={search}
              collisions={collisions}
              onChange={(next) => onChange(provider.id, Object.keys(next).length ? next : undefined)}
            />
          </section>
        );
      })}
    </ToolGroup>
  );
}
