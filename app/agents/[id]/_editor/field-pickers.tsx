'use client';
/**
 * The tool pickers of one tool field's plain value, shared by the Tools tab (the field itself) and
 * the Conditions tab (each variant's value): registered tools, each saved MCP client, integrations
 * and providers.
 */
import { Note } from '../../../_components/ui/card';
import { McpClientGroup, offeredNamesOf } from './mcp-client-group';
import { ToolGroup, type BulkSelection } from './tool-group';
import { OnlyWhen, SelectableTools } from './selectable-tools';

export type { SourceRecord } from './tool-selection';
import { editEachSource, selectionPicks, sourcePicks, type RecordField } from './source-picks';
import { withNames, type Collision, type Selection } from './tool-selection';
import type { ToolCatalog } from './types';
import type { useMcpTools } from './use-mcp-tools';

/** What every picker needs besides its value. */
export interface PickerSetting {
  catalog: ToolCatalog;
  mcp: ReturnType<typeof useMcpTools>;
  search: string;
  collisions: Map<string, Collision>;
}

export function RegisteredToolsPicker({
  selection,
  onChange,
  setting,
  note,
}: {
  /** `null`: the field is conditional and shown read-only. */
  selection: Selection | null;
  onChange: (next: Selection) => void;
  setting: PickerSetting;
  note?: React.ReactNode;
}) {
  const { catalog, search, collisions } = setting;
  // Registered and built-in tools share the field (both by id), so each group's "None" clears
  // only its own names (those shown).
  const group = (tools: ToolCatalog['registered'], legend: string, children?: React.ReactNode) => (
    <ToolGroup
      legend={legend}
      tools={tools}
      search={search}
      disabled={selection === null}
      onSelect={({ tools: shown, on }) =>
        onChange(
          withNames(
            selection ?? {},
            shown.map((tool) => tool.name),
            on,
          ),
        )
      }
    >
      {children}
      <SelectableTools
        tools={tools}
        picks={selectionPicks(selection ?? {}, onChange)}
        readOnly={selection === null}
        search={search}
        collisions={collisions}
      />
    </ToolGroup>
  );
  return (
    <>
      {group(
        catalog.registered,
        'Registered tools',
        <>
          {note}
          {catalog.registered.length === 0 ? <p className="text-sm">No tools are registered in code.</p> : null}
        </>,
      )}
      {catalog.builtIn?.length ? group(catalog.builtIn, 'Built-in tools') : null}
    </>
  );
}

export function McpClientsPicker({
  field,
  setting,
  note,
}: {
  /** The plain value, or the field's variants (then `note` says where they are edited). */
  field: RecordField;
  setting: PickerSetting;
  note?: React.ReactNode;
}) {
  const { catalog, mcp, search, collisions } = setting;
  if (catalog.mcpClients.length === 0)
    return <p className="text-sm text-slate-700">No MCP clients are saved yet, so no MCP tools can be picked.</p>;
  return (
    <>
      {catalog.mcpClients.map((client) => {
        const listed = mcp.byClient[client.id];
        return (
          <div key={client.id} className="flex flex-col gap-2">
            {field.kind === 'variants' ? note : null}
            <McpClientGroup
              client={client}
              listed={listed}
              picks={sourcePicks(field, client.id, { every: offeredNamesOf(client, listed) })}
              search={search}
              collisions={collisions}
              onRetry={() => void mcp.retry(client.id)}
            />
          </div>
        );
      })}
    </>
  );
}

/** The two fields whose tools come from providers: integrations' operations and tool providers' toolkits. */
export const providerFields = ['integrationTools', 'toolProviders'] as const;
export type ProviderField = (typeof providerFields)[number];

const providerGroupTexts: Record<ProviderField, { legend: string; empty: string }> = {
  integrationTools: { legend: 'Integrations', empty: 'No integrations are configured.' },
  toolProviders: { legend: 'Providers', empty: 'No tool providers are configured.' },
};

export function ProviderGroups({
  field,
  record,
  setting,
  note,
}: {
  field: ProviderField;
  /** The plain value, or the field's variants (then `note` says where they are edited). */
  record: RecordField;
  setting: PickerSetting;
  note?: React.ReactNode;
}) {
  const { catalog, search, collisions } = setting;
  const { legend, empty } = providerGroupTexts[field];
  const providers: Array<{
    id: string;
    name: string;
    tools: Array<{ name: string; description: string; toolkit?: string }>;
    error?: string;
  }> = field === 'integrationTools' ? catalog.integrations : catalog.providers;
  const tools = providers.flatMap((provider) => provider.tools.map((tool) => ({ ...tool, providerId: provider.id })));
  // With nothing hidden by the search, "Select none" drops every provider (as unticking each would);
  // otherwise each provider's shown tools are ticked or unticked and the rest left as they were.
  const select = ({ tools: shown, on, everything }: BulkSelection<(typeof tools)[number]>) =>
    editEachSource(
      record,
      providers.map((provider) => provider.id),
      (picks, providerId) => {
        if (!on && everything) return picks.clear();
        const own = shown.filter((tool) => tool.providerId === providerId);
        if (own.length === 0) return;
        const toolkits = new Map(own.map((tool) => [tool.name, tool.toolkit]));
        picks.tick(
          own.map((tool) => tool.name),
          on,
          (name) => (toolkits.get(name) ? { toolkit: toolkits.get(name)! } : {}),
        );
      },
    );
  return (
    <ToolGroup legend={legend} tools={tools} search={search} onSelect={providers.length ? select : undefined}>
      {providers.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : null}
      {record.kind === 'variants' ? note : null}
      {providers.map((provider) => {
        const picks = sourcePicks(record, provider.id);
        return (
          <section key={provider.id} aria-label={provider.name} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">{provider.name}</h3>
            <OnlyWhen text={picks.onlyWhen} />
            {provider.error ? <Note tone="warning">Could not list its tools: {provider.error}</Note> : null}
            <SelectableTools
              tools={provider.tools}
              picks={picks}
              search={search}
              collisions={collisions}
              onlyWhenShown={picks.onlyWhen}
            />
          </section>
        );
      })}
    </ToolGroup>
  );
}
