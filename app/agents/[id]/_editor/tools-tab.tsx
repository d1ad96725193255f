'use client';
import { useEffect, useState } from 'react';
import { Note } from '../../../_components/ui/card';
import { SearchWithStatus } from '../../../_components/ui/field';
import { McpClientsPicker, ProviderGroups, providerFields, type PickerSetting } from './field-pickers';
import { offeredByServer, offeredNamesOf } from './mcp-client-group';
import { ToolApprovals } from './tool-approvals';
import { catalogueInputSchemas } from '@/lib/rules';
import { fieldLabels } from './conditions-tab';
import { ToolGroup } from './tool-group';
import { ToolRulesNote } from './tool-rules-note';
import { LearnMore } from './learn-more';
import { RegisteredToolsByVariant } from './registered-tools-by-variant';
import { recordFieldOf, sourcePicks } from './source-picks';
import { toolPresence, toolVariantsOf } from './tool-variants';
import { MatchingToolRows, unmatchedSearch } from '../../../_components/tool-row';
import {
  findCollisions,
  registeredSelection,
  withDescription,
  type OfferedName,
  type Selection,
} from './tool-selection';
import type { CodeAgentFacts, EditorValues, ToolCatalog } from './types';
import type { useMcpTools } from './use-mcp-tools';
import type { DraftTabProps } from './tab-props';

const conditionalNote = (field: string) => (
  <Note>
    {field} change with the request: their variants are edited on the Conditions tab. <LearnMore page="resolution" />
  </Note>
);

/** Every tool name the selected sources offer, in merge order, for the collision finder. */
function offeredNames({
  values,
  catalog,
  codeAgent,
  mode,
  mcp,
}: {
  values: EditorValues;
  catalog: ToolCatalog;
  codeAgent: CodeAgentFacts | null;
  mode: string;
  mcp: ReturnType<typeof useMcpTools>;
}): OfferedName[] {
  // With variants, every tool some variant picks is offered (to some requests at least).
  const registered =
    registeredSelection(values.tools) ??
    Object.fromEntries([...toolPresence(toolVariantsOf(values.tools)).keys()].map((name) => [name, {}]));
  const offered: OfferedName[] = [];
  if (mode === 'full')
    for (const tool of codeAgent!.tools) offered.push({ name: tool.name, source: 'code', from: 'Code' });
  const builtInNames = new Set((catalog.builtIn ?? []).map((tool) => tool.name));
  for (const name of Object.keys(registered ?? {}))
    offered.push({ name, source: 'registry', from: builtInNames.has(name) ? 'Built-in tools' : 'Registered tools' });
  // Read only: what some variant (or the plain value) picks of each source.
  const picksOf = (value: unknown, sourceId: string, every?: string[]) =>
    sourcePicks(
      recordFieldOf(value, () => undefined),
      sourceId,
      every ? { every } : {},
    );
  for (const client of catalog.mcpClients) {
    const every = offeredNamesOf(client, mcp.byClient[client.id]);
    const picks = picksOf(values.mcpClients, client.id, every);
    const names = new Set([...picks.picked, ...(picks.all.checked ? every : [])]);
    for (const name of names) offered.push({ name, source: 'mcp', from: `MCP: ${client.name}` });
  }
  for (const integration of catalog.integrations)
    for (const name of picksOf(values.integrationTools, integration.id).picked)
      offered.push({ name, source: 'integration', from: `Integrations: ${integration.name}` });
  for (const provider of catalog.providers)
    for (const name of picksOf(values.toolProviders, provider.id).picked)
      offered.push({ name, source: 'provider', from: `Providers: ${provider.name}` });
  return offered;
}

/** Every tool the sources offer (the MCP clients' as far as they are listed), in merge order. */
function toolsOfEverySource(
  catalog: ToolCatalog,
  codeAgent: CodeAgentFacts | null,
  mcp: ReturnType<typeof useMcpTools>,
) {
  const listed = catalog.mcpClients.flatMap((client) => {
    const report = mcp.byClient[client.id];
    if (report?.state !== 'loaded') return [];
    return Object.entries(report.servers).flatMap(([server, found]) =>
      offeredByServer(server, client.servers[server], found.tools),
    );
  });
  return [
    ...(codeAgent?.tools ?? []),
    ...catalog.registered,
    ...(catalog.builtIn ?? []),
    ...listed,
    ...catalog.integrations.flatMap((integration) => integration.tools),
    ...catalog.providers.flatMap((provider) => provider.tools),
  ];
}

/** The input schema of a selected tool, looked up by the name the model sees, across the sources. */
function inputSchemaFinder(
  catalog: ToolCatalog,
  codeAgent: CodeAgentFacts | null,
  mcp: ReturnType<typeof useMcpTools>,
) {
  const tools = toolsOfEverySource(catalog, codeAgent, mcp);
  // Later sources replace earlier ones of the same name, as in resolution.
  return (name: string) => tools.findLast((tool) => tool.name === name)?.inputSchema;
}

/** A code agent's own tools: always included; with `descriptions`, each with its description override. */
function CodeTools({
  tools,
  search,
  descriptions,
}: {
  tools: Array<{ name: string; description: string }>;
  search: string;
  descriptions?: { of: (name: string) => string; set: (name: string, text: string) => void };
}) {
  return (
    <MatchingToolRows
      tools={tools}
      search={search}
      stateOf={(tool) => ({
        selected: descriptions !== undefined,
        override: descriptions?.of(tool.name) ?? '',
        onDescription: descriptions ? (text) => descriptions.set(tool.name, text) : undefined,
      })}
    />
  );
}

export function ToolsTab({
  values,
  setField,
  catalog,
  codeAgent,
  mcp,
  fields,
  errorAt,
  showConditions,
}: Pick<
  DraftTabProps,
  'values' | 'setField' | 'catalog' | 'codeAgent' | 'mcp' | 'fields' | 'errorAt' | 'showConditions'
>) {
  const [search, setSearch] = useState('');
  const { ensureLoaded } = mcp;
  const mode = codeAgent?.toolsMode ?? 'stored';
  useEffect(() => {
    if (mode === 'stored' || mode === 'full') ensureLoaded();
  }, [ensureLoaded, mode]);

  const registered = registeredSelection(values.tools);
  const offered = offeredNames({ values, catalog, codeAgent, mode, mcp });
  const collisions = findCollisions(offered);

  if (mode === 'code') {
    return (
      <Note>
        This agent&rsquo;s tools are owned by its code (its editor setting), so the editor cannot change them.
      </Note>
    );
  }

  const setRegistered = (next: Selection) => setField('tools', next as EditorValues['tools']);
  const unmatched = unmatchedSearch(
    search,
    mode === 'description-only' ? codeAgent!.tools : toolsOfEverySource(catalog, codeAgent, mcp),
  );
  const searchBox = (
    <SearchWithStatus
      label="Search tools"
      value={search}
      placeholder="Name or description"
      onChange={(event) => setSearch(event.target.value)}
      status={
        unmatched === undefined
          ? null
          : `No tools match \u201c${unmatched}\u201d. Try part of a name or a word of its description.`
      }
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
        <ToolGroup legend="Code tools" tools={codeAgent!.tools} search={search}>
          <CodeTools
            tools={codeAgent!.tools}
            search={search}
            descriptions={{
              of: (name) => registered?.[name]?.description ?? '',
              set: (name, text) => setRegistered(withDescription(registered ?? {}, name, text)),
            }}
          />
        </ToolGroup>
      </div>
    );
  }

  const setting: PickerSetting = { catalog, mcp, search, collisions };
  // A field with variants is edited through them: a source only some variants pick says when.
  const recordField = (field: 'mcpClients' | 'integrationTools' | 'toolProviders') =>
    recordFieldOf(values[field], (next) => setField(field, next as never));

  return (
    <div className="flex flex-col gap-4">
      {searchBox}
      <Note>
        When two sources offer the same tool name, the later one in this list wins. <LearnMore page="resolution" />
      </Note>
      <ToolRulesNote tools={values.tools} onConvert={(variants) => setField('tools', variants)} />
      {mode === 'full' ? (
        <ToolGroup legend="Code tools" tools={codeAgent!.tools} search={search}>
          <Note>Defined in this agent&rsquo;s code and always included.</Note>
          <CodeTools tools={codeAgent!.tools} search={search} />
        </ToolGroup>
      ) : null}
      <RegisteredToolsByVariant
        tools={values.tools}
        onChange={(next) => setField('tools', next)}
        catalog={catalog}
        search={search}
        collisions={collisions}
        showConditions={showConditions}
      />
      <McpClientsPicker field={recordField('mcpClients')} setting={setting} note={conditionalNote('MCP clients')} />
      {providerFields.map((field) => (
        <ProviderGroups
          key={field}
          field={field}
          record={recordField(field)}
          setting={setting}
          note={conditionalNote(fieldLabels[field])}
        />
      ))}
      <ToolApprovals
        names={[...new Set(offered.map((tool) => tool.name))]}
        policies={values.toolPolicies}
        onChange={(next) => setField('toolPolicies', next)}
        inputSchemaOf={inputSchemaFinder(catalog, codeAgent, mcp)}
        lintedInputSchemaOf={catalogueInputSchemas(catalog, values)}
        contextFields={fields}
        errorAt={errorAt}
      />
    </div>
  );
}
