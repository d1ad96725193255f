'use client';
/**
 * Instructions in the Conditions tab: each prompt block is a variant with its display condition.
 * Unlike tool fields nothing is replaced: every block whose condition matches is included, in
 * order, joined by a blank line.
 */
import type { Instructions, PromptBlock } from '@/lib/snapshots';
import type { ContextField, Rules } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { TextAreaField } from '../../../_components/ui/field';
import type { ErrorAt } from '../../../_lib/form-errors';
import { SortableVariants } from './sortable-variants';
import { useListIds } from './use-list-ids';
import { ConditionEditor, startingRules } from './variant-card';

/** A block with its display condition set or removed (a text block gains a condition by becoming a prompt block). */
export function withBlockRules(block: PromptBlock, rules: Rules | undefined): PromptBlock {
  if (rules === undefined) return { type: 'prompt_block', content: block.content };
  return { type: 'prompt_block', content: block.content, rules };
}

export const blockRules = (block: PromptBlock) => (block.type === 'prompt_block' ? block.rules : undefined);

export function PromptBlockVariants({
  instructions,
  onChange,
  fields,
  errorAt,
}: {
  instructions: Instructions | undefined;
  onChange: (next: Instructions) => void;
  fields: ContextField[];
  errorAt: (path: string) => ErrorAt;
}) {
  const blocks = Array.isArray(instructions) ? instructions : null;
  const list = useListIds(blocks?.length ?? 0);
  const added: PromptBlock = { type: 'prompt_block', content: '', rules: startingRules() };

  if (blocks === null) {
    const text = typeof instructions === 'string' ? instructions : '';
    return (
      <>
        <p className="text-sm text-slate-700">
          The instructions are plain text and apply to every request. Add a variant to add a prompt block that is
          included only when its rules match{text.trim() ? '; the current text becomes Variant 1, always included' : ''}
          .
        </p>
        <div>
          <Button onClick={() => onChange(text.trim() ? [{ type: 'text', content: text }, added] : [added])}>
            Add variant
          </Button>
        </div>
      </>
    );
  }

  const setBlock = (index: number, next: PromptBlock) =>
    onChange(blocks.map((block, at) => (at === index ? next : block)));

  return (
    <>
      <p className="text-sm text-slate-700">
        Every block whose condition matches is included, in this order, joined by a blank line: unlike tool fields,
        nothing is replaced. The Basics tab edits the same blocks.
      </p>
      <SortableVariants
        items={blocks}
        list={list}
        onChange={onChange}
        onRemove={onChange}
        condition={(block, index) => (
          <ConditionEditor
            rules={blockRules(block)}
            onChange={(rules) => setBlock(index, withBlockRules(block, rules))}
            fields={fields}
            errorAt={errorAt(`instructions.${index}.rules`)}
            subject={`Variant ${index + 1} of Instructions`}
            alwaysText="No condition: this block is always included."
          />
        )}
      >
        {(block, index) => (
          <TextAreaField
            label="Block text"
            rows={3}
            value={block.content}
            onChange={(event) => setBlock(index, { ...block, content: event.target.value })}
          />
        )}
      </SortableVariants>
      <div>
        <Button onClick={() => onChange([...blocks, added])}>Add variant</Button>
      </div>
    </>
  );
}
