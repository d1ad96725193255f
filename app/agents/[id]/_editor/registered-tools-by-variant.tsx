'use client';
/**
 * The Tools tab's registered and built-in tools, whether `tools` is plain or holds variants. With
 * variants every picked tool stays ticked; one that only some variants pick says when ("Only when
 * plan is pro"). "Only for some requests..." moves a tool onto a variant with rules and opens it
 * on the Conditions tab, its name box focused.
 */
import { MatchingToolRows } from '../../../_components/tool-row';
import { Button } from '../../../_components/ui/button';
import { focusWhenShown, variantNameId } from './focus-later';
import { ToolGroup } from './tool-group';
import { registeredSelection, withDescription, withNames, type Collision } from './tool-selection';
import { toolVariantsOf, variantEdits, wholeSelection, withToolConditional, type RowState } from './tool-variants';
import type { EditorValues, ToolCatalog } from './types';
import { startingRules } from './variant-card';

type Tools = EditorValues['tools'];

/** What one tool's row shows and how ticking and describing it edit the field. */
function fieldEdits(tools: Tools) {
  const plain = registeredSelection(tools);
  if (plain !== null) {
    return {
      state: (name: string): RowState => ({
        selected: plain[name] !== undefined,
        override: plain[name]?.description ?? '',
      }),
      tick: (names: string[], on: boolean): Tools => withNames(plain, names, on) as Tools,
      describe: (name: string, text: string): Tools => withDescription(plain, name, text) as Tools,
    };
  }
  const edits = variantEdits({ variants: toolVariantsOf(tools), lens: wholeSelection });
  return {
    state: edits.state,
    tick: (names: string[], on: boolean): Tools => edits.tick(names, on) as Tools,
    describe: (name: string, text: string): Tools => edits.describe(name, text) as Tools,
  };
}

export function RegisteredToolsByVariant({
  tools,
  onChange,
  catalog,
  search,
  collisions,
  showConditions,
}: {
  tools: Tools;
  onChange: (next: Tools) => void;
  catalog: ToolCatalog;
  search: string;
  collisions: Map<string, Collision>;
  /** Opens the Conditions tab. */
  showConditions?: () => void;
}) {
  const edits = fieldEdits(tools);
  const makeConditional = (name: string) => {
    const next = withToolConditional({ tools, name, rules: startingRules() });
    onChange(next.tools as Tools);
    showConditions?.();
    focusWhenShown(variantNameId('tools', next.index));
  };

  const group = (list: ToolCatalog['registered'], legend: string, empty?: string) => (
    <ToolGroup
      legend={legend}
      tools={list}
      search={search}
      onSelect={({ tools: shown, on }) =>
        onChange(
          edits.tick(
            shown.map((tool) => tool.name),
            on,
          ),
        )
      }
    >
      {empty && list.length === 0 ? <p className="text-sm">{empty}</p> : null}
      <MatchingToolRows
        tools={list}
        search={search}
        stateOf={(tool) => {
          const row = edits.state(tool.name);
          const entry = registeredSelection(tools)?.[tool.name];
          return {
            selected: row.selected,
            override: row.override,
            collision: row.selected ? collisions.get(tool.name) : undefined,
            warning: entry?.rules
              ? 'This entry carries rules, which are kept but not evaluated: rules act on whole variants.'
              : undefined,
            onToggle: (on) => onChange(edits.tick([tool.name], on)),
            onDescription: (text) => onChange(edits.describe(tool.name, text)),
            extra: row.selected ? (
              <div className="flex flex-wrap items-center gap-3">
                {row.onlyWhen ? <p className="text-sm font-medium text-indigo-900">{row.onlyWhen}</p> : null}
                {showConditions ? (
                  <Button size="sm" variant="ghost" onClick={() => makeConditional(tool.name)}>
                    Only for some requests...
                  </Button>
                ) : null}
              </div>
            ) : undefined,
          };
        }}
      />
    </ToolGroup>
  );

  return (
    <>
      {group(catalog.registered, 'Registered tools', 'No tools are registered in code.')}
      {catalog.builtIn?.length ? group(catalog.builtIn, 'Built-in tools') : null}
    </>
  );
}
