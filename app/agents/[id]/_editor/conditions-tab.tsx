'use client';
/**
 * The Conditions tab: the request-context fields the rules read, then for each tool field an
 * ordered list of variants (each with a rule builder and the same pickers as the Tools tab for its
 * value), and the prompt blocks of the instructions with their display conditions. Variants are reordered by drag or keyboard.
 */
import { agentFieldLabels } from '@/lib/snapshots';
import { useEffect, type ReactNode } from 'react';
import { isConditional, type Variant } from '@/lib/snapshots';
import type { ContextField } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import {
  McpClientsPicker,
  ProviderGroups,
  providerFields,
  RegisteredToolsPicker,
  type PickerSetting,
  type SourceRecord,
} from './field-pickers';
import type { ErrorAt } from '../../../_lib/form-errors';
import { ContextFieldsEditor } from './context-fields-editor';
import { PromptBlockVariants } from './prompt-block-variants';
import { SortableVariants } from './sortable-variants';
import { registeredSelection } from './tool-selection';
import type { EditorValues } from './types';
import { useListIds } from './use-list-ids';
import { ConditionEditor, startingRules } from './variant-card';
import { focusWhenShown, variantNameId } from './focus-later';
import { LearnMore } from './learn-more';
import { VariantNaming, variantTitle } from './variant-naming';
import type { DraftTabProps } from './tab-props';

type ToolField = 'tools' | 'mcpClients' | 'integrationTools' | 'toolProviders';

export const fieldLabels: Record<ToolField | 'instructions', string> = agentFieldLabels;

const keyWords: Record<ToolField, string> = {
  tools: 'tool',
  mcpClients: 'MCP client, with all its ticked tools',
  integrationTools: 'integration, with all its ticked tools',
  toolProviders: 'provider, with all its ticked tools and connections',
};

export function ConditionsTab({ values, setField, catalog, mcp, codeAgent, fields, errorAt }: DraftTabProps) {
  const { ensureLoaded } = mcp;
  const toolsEditable = codeAgent === null || codeAgent.toolsMode === 'full';
  const instructionsEditable = codeAgent === null || codeAgent.ownedFields.includes('instructions');
  useEffect(() => {
    if (toolsEditable) ensureLoaded();
  }, [ensureLoaded, toolsEditable]);
  const setting: PickerSetting = { catalog, mcp, search: '', collisions: new Map() };

  const fieldEditor = (field: ToolField, picker: (value: unknown, onChange: (next: unknown) => void) => ReactNode) => (
    <FieldRegion key={field} field={field}>
      <ConditionalField
        field={field}
        value={values[field]}
        onChange={(next) => setField(field, next as never)}
        fields={fields}
        errorAt={errorAt}
        picker={picker}
      />
    </FieldRegion>
  );

  return (
    <div className="flex flex-col gap-6">
      <Note>
        A field with variants is worked out for each request: a later matching variant replaces an earlier one&rsquo;s
        entry for the same key. <LearnMore page="resolution" />
      </Note>
      <ContextFieldsEditor
        schema={values.requestContextSchema}
        onChange={(next) => setField('requestContextSchema', next)}
        editable={codeAgent === null || codeAgent.ownedFields.includes('requestContextSchema')}
      />
      {!toolsEditable ? (
        <Note>This agent&rsquo;s tools are owned by its code (its editor setting), so they have no variants here.</Note>
      ) : (
        fieldEditor('tools', (value, onChange) => (
          <RegisteredToolsPicker
            selection={registeredSelection(value as EditorValues['tools'])}
            onChange={(next) => onChange(next)}
            setting={setting}
          />
        ))
      )}
      {instructionsEditable ? (
        <FieldRegion field="instructions">
          <PromptBlockVariants
            instructions={values.instructions}
            onChange={(next) => setField('instructions', next)}
            fields={fields}
            errorAt={errorAt}
          />
        </FieldRegion>
      ) : null}
      {toolsEditable ? (
        <>
          {fieldEditor('mcpClients', (value, onChange) => (
            <McpClientsPicker
              field={{ kind: 'plain', value: value as SourceRecord | undefined, onChange }}
              setting={setting}
            />
          ))}
          {providerFields.map((field) =>
            fieldEditor(field, (value, onChange) => (
              <ProviderGroups
                field={field}
                record={{ kind: 'plain', value: value as SourceRecord | undefined, onChange }}
                setting={setting}
              />
            )),
          )}
        </>
      ) : null}
    </div>
  );
}

function FieldRegion({ field, children }: { field: ToolField | 'instructions'; children: ReactNode }) {
  const headingId = `conditions-${field}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {fieldLabels[field]}
      </h3>
      {children}
    </section>
  );
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function ConditionalField({
  field,
  value,
  onChange,
  fields,
  errorAt,
  picker,
}: {
  field: ToolField;
  value: EditorValues[ToolField];
  onChange: (next: unknown) => void;
  fields: ContextField[];
  errorAt: (path: string) => ErrorAt;
  picker: (value: unknown, onChange: (next: unknown) => void) => ReactNode;
}) {
  const variants: Array<Variant<unknown>> | null =
    value !== undefined && isConditional(value as never) ? (value as Array<Variant<unknown>>) : null;
  const list = useListIds(variants?.length ?? 0);
  const label = fieldLabels[field];

  const addVariant = () => {
    const added: Variant<unknown> = { value: {}, rules: startingRules() };
    // The plain value becomes the first variant (always included), so nothing it selected is lost.
    const next = variants ? [...variants, added] : isEmptyValue(value) ? [added] : [{ value }, added];
    onChange(next);
    focusWhenShown(variantNameId(field, next.length - 1));
  };
  const addButton = <Button onClick={addVariant}>Add variant to {label}</Button>;

  if (variants === null) {
    return (
      <>
        <p className="text-sm text-slate-700">
          {label} apply to every request
          {isEmptyValue(value) ? '' : '; adding a variant keeps them as Variant 1, always included'}.
        </p>
        <div>{addButton}</div>
      </>
    );
  }

  const setVariant = (index: number, next: Variant<unknown>) =>
    onChange(variants.map((variant, at) => (at === index ? next : variant)));

  return (
    <>
      <p className="text-sm text-slate-700">
        A later matching variant replaces an earlier one&rsquo;s entry for the same {keyWords[field]}.
      </p>
      <SortableVariants
        items={variants}
        list={list}
        itemName={(index) => variantTitle(variants[index], index)}
        details={(variant, index) => (
          <VariantNaming
            field={field}
            index={index}
            name={variant.name}
            rules={variant.rules}
            onName={(name) => {
              const { name: _previous, ...rest } = variant;
              setVariant(index, name === undefined ? rest : { ...rest, name });
            }}
          />
        )}
        onChange={onChange}
        onRemove={(rest) => onChange(rest.length > 0 ? rest : {})}
        condition={(variant, index) => (
          <ConditionEditor
            rules={variant.rules}
            onChange={(rules) => {
              const { rules: _previous, ...rest } = variant;
              setVariant(index, rules === undefined ? rest : { ...rest, rules });
            }}
            fields={fields}
            errorAt={errorAt(`${field}.${index}.rules`)}
            subject={`${variantTitle(variant, index)} of ${label}`}
            alwaysText="No condition: this variant is always included."
          />
        )}
      >
        {(variant, index) => (
          <div className="flex flex-col gap-3">
            <p className="text-sm font-medium">Value of {variantTitle(variant, index)}</p>
            {picker(variant.value, (next) => setVariant(index, { ...variant, value: next ?? {} }))}
          </div>
        )}
      </SortableVariants>
      <div>{addButton}</div>
    </>
  );
}
