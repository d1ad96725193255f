'use client';
/**
 * An ordered list of variants, each a card with a condition and a value: a field's variants and
 * the instructions' prompt blocks on the Conditions tab (`Variant N`), and the prompt blocks on
 * the Basics tab (`Block N`). Reordered by dragging, the keyboard or Move up / Move down, removed
 * by its own button; the caller says what a moved or shortened list becomes.
 */
import type { ReactNode } from 'react';
import { moved, SortableList } from './sortable-list';
import type { useListIds } from './use-list-ids';
import { VariantCard } from './variant-card';

export function SortableVariants<T>({
  items,
  list,
  onChange,
  onRemove,
  condition,
  children,
  details,
  itemName = (index) => `Variant ${index + 1}`,
  removeLabel = () => 'Remove variant',
  valueFirst = false,
}: {
  items: T[];
  list: ReturnType<typeof useListIds>;
  /** The list in its new order. */
  onChange: (next: T[]) => void;
  /** What is left after one is removed (may be empty). */
  onRemove: (rest: T[]) => void;
  condition: (item: T, index: number) => ReactNode;
  children: (item: T, index: number) => ReactNode;
  details?: (item: T, index: number) => ReactNode;
  /** How people call an item, by its position (0-based): the card's name and its handle's. */
  itemName?: (index: number) => string;
  removeLabel?: (index: number) => string;
  valueFirst?: boolean;
}) {
  return (
    <SortableList
      items={items}
      ids={list.ids}
      itemName={itemName}
      onMove={(from, to) => {
        list.move(from, to);
        onChange(moved(items, from, to));
      }}
      renderItem={(item, index, { handle }) => (
        <VariantCard
          name={itemName(index)}
          handle={handle}
          removeLabel={removeLabel(index)}
          valueFirst={valueFirst}
          onRemove={() => {
            list.remove(index);
            onRemove(items.filter((_, at) => at !== index));
          }}
          condition={condition(item, index)}
          details={details?.(item, index)}
        >
          {children(item, index)}
        </VariantCard>
      )}
    />
  );
}
