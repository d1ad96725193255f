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
import { focusWhenShown, variantNameId } from './focus-later';
import { VariantNaming, variantTitle } from './variant-naming';

/** A block with its display condition set or removed (a text block gains a condition by becoming a prompt block). */
export function withBlockRules(block: PromptBlock, rules: Rules | undefined): PromptBlock {
  const named = block.type === 'prompt_block' && block.name !== undefined ? { name: block.name } : {};
  if (rules === undefined) return { type: 'prompt_block', content: block.content, ...named };
  return { type: 'prompt_block', content: block.content, rules, ...named };
}

/** A block named (a text block becomes a prompt block with no rules, which is likewise always included). */
export function withBlockName(block: PromptBlock, name: string | undefined): PromptBlock {
  const { name: _previous, ...rest } =
    block.type === 'prompt_block' ? block : { ...block, type: 'prompt_block' as const };
  return name === undefined ? rest : { ...rest, name };
}

const blockName = (block: PromptBlock) => (block.type === 'prompt_block' ? block.name : undefined);

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

  const add = (next: PromptBlock[]) => {
    onChange(next);
    focusWhenShown(variantNameId('instructions', next.length - 1));
  };
  const titleOf = (block: PromptBlock | undefined, index: number) =>
    variantTitle({ name: block && blockName(block) }, index);

  if (blocks === null) {
    const text = typeof instructions === 'string' ? instructions : '';
    return (
      <>
        <p className="text-sm text-slate-700">
          The instructions apply to every request
          {text.trim() ? '; adding a variant keeps them as Variant 1, always included' : ''}.
        </p>
        <div>
          <Button onClick={() => add(text.trim() ? [{ type: 'text', content: text }, added] : [added])}>
            Add variant to Instructions
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
        Every block whose condition matches is included, in this order; the Basics tab edits the same blocks.
      </p>
      <SortableVariants
        items={blocks}
        list={list}
        itemName={(index) => titleOf(blocks[index], index)}
        details={(block, index) => (
          <VariantNaming
            field="instructions"
            index={index}
            name={blockName(block)}
            rules={blockRules(block)}
            onName={(name) => setBlock(index, withBlockName(block, name))}
          />
        )}
        onChange={onChange}
        onRemove={onChange}
        condition={(block, index) => (
          <ConditionEditor
            rules={blockRules(block)}
            onChange={(rules) => setBlock(index, withBlockRules(block, rules))}
            fields={fields}
            errorAt={errorAt(`instructions.${index}.rules`)}
            subject={`${titleOf(block, index)} of Instructions`}
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
        <Button onClick={() => add([...blocks, added])}>Add variant to Instructions</Button>
      </div>
    </>
  );
}
