'use client';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { PromptBlock } from '@/lib/snapshots';
import type { ContextField } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { ModelOptions } from '../../../_components/model-options';
import type { ModelSuggestion } from '../../../_components/model-suggestions';
import { Note } from '../../../_components/ui/card';
import { TextAreaField, TextField } from '../../../_components/ui/field';
import type { ErrorAt } from '../../../_lib/form-errors';
import { blockRules, withBlockRules } from './prompt-block-variants';
import type { EditorValues } from './types';
import { SortableVariants } from './sortable-variants';
import { useListIds } from './use-list-ids';
import { ConditionEditor } from './variant-card';
import type { DraftTabProps } from './tab-props';

const fromCode = 'Defined in code for this agent.';

export function BasicsTab({
  values,
  register,
  errors,
  setField,
  codeAgent,
  models,
  fields,
  errorAt,
}: Pick<DraftTabProps, 'values' | 'setField' | 'codeAgent' | 'fields' | 'errorAt'> & {
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  models: ModelSuggestion[];
}) {
  const owns = (field: string) => codeAgent === null || codeAgent.ownedFields.includes(field);
  const errorOf = (field: keyof EditorValues) => errors[field]?.message as string | undefined;
  const blocks = Array.isArray(values.instructions) ? values.instructions : null;

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      {owns('name') ? (
        <TextField label="Name" autoComplete="off" error={errorOf('name')} {...register('name')} />
      ) : (
        <TextField label="Name" value={codeAgent!.name} readOnly hint={fromCode} />
      )}
      <TextField
        label="Description"
        autoComplete="off"
        error={errorOf('description')}
        disabled={!owns('description')}
        {...register('description')}
      />
      {owns('model') ? (
        <TextField
          label="Model"
          list="editor-model-suggestions"
          autoComplete="off"
          placeholder="provider/model, e.g. openai/gpt-4o"
          error={errorOf('model')}
          {...register('model')}
        />
      ) : (
        <TextField label="Model" value={codeAgent!.model ?? ''} readOnly hint={fromCode} />
      )}
      <ModelOptions id="editor-model-suggestions" suggestions={models} />
      {!owns('instructions') ? (
        <Note>This agent&rsquo;s instructions are owned by its code (its editor setting).</Note>
      ) : blocks === null ? (
        <>
          <TextAreaField
            label="Instructions"
            rows={10}
            error={errorOf('instructions')}
            hint='Plain text. {{path}} is filled from the request context; {{path || "fallback"}} gives a default.'
            {...register('instructions')}
          />
          <div>
            <Button
              size="sm"
              onClick={() => setField('instructions', [{ type: 'text', content: String(values.instructions ?? '') }])}
            >
              Use prompt blocks
            </Button>
          </div>
        </>
      ) : (
        <InstructionBlocks
          blocks={blocks}
          error={errorOf('instructions')}
          onChange={(next) => setField('instructions', next)}
          fields={fields}
          errorAt={errorAt}
        />
      )}
    </div>
  );
}

function InstructionBlocks({
  blocks,
  error,
  onChange,
  fields,
  errorAt,
}: {
  blocks: PromptBlock[];
  error?: string;
  onChange: (next: PromptBlock[] | string) => void;
  fields: ContextField[];
  errorAt: (path: string) => ErrorAt;
}) {
  const conditional = blocks.some((block) => block.type === 'prompt_block' && block.rules);
  const list = useListIds(blocks.length);
  const setBlock = (index: number, next: PromptBlock) =>
    onChange(blocks.map((block, at) => (at === index ? next : block)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Instructions (prompt blocks)</legend>
      <Note>
        Blocks are joined with a blank line. A block with a display condition is included only when its rules match the
        request context. Reorder them by dragging, with the keyboard or with Move up / Move down; the Conditions tab
        shows the same blocks.
      </Note>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <SortableVariants
        items={blocks}
        list={list}
        onChange={onChange}
        onRemove={onChange}
        itemName={(index) => `Block ${index + 1}`}
        removeLabel={(index) => `Remove block ${index + 1}`}
        valueFirst
        condition={(block, index) => (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Display condition of block {index + 1}</legend>
            <ConditionEditor
              rules={blockRules(block)}
              onChange={(rules) => setBlock(index, withBlockRules(block, rules))}
              fields={fields}
              errorAt={errorAt(`instructions.${index}.rules`)}
              subject={`block ${index + 1} of the instructions`}
              alwaysText="None: this block is always included."
            />
          </fieldset>
        )}
      >
        {(block, index) => (
          <TextAreaField
            label={`Block ${index + 1}`}
            rows={4}
            value={block.content}
            onChange={(event) => setBlock(index, { ...block, content: event.target.value })}
          />
        )}
      </SortableVariants>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => onChange([...blocks, { type: 'text', content: '' }])}>
          Add block
        </Button>
        <Button
          size="sm"
          disabled={conditional}
          title={conditional ? 'Blocks with display conditions cannot become plain text' : undefined}
          onClick={() => onChange(blocks.map((block) => block.content).join('\n\n'))}
        >
          Use plain text
        </Button>
      </div>
    </fieldset>
  );
}
