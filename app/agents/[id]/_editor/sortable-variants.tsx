'use client';
/**
 * The Conditions tab's list of variants (a field's variants, or the instructions' prompt blocks):
 * each a card named `Variant N` with its condition above its value, reordered by dragging or the
 * keyboard, removed by its own button. The caller says what a moved or shortened list becomes.
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
}: {
  items: T[];
  list: ReturnType<typeof useListIds>;
  /** The list in its new order. */
  onChange: (next: T[]) => void;
  /** What is left after one is removed (may be empty). */
  onRemove: (rest: T[]) => void;
  condition: (item: T, index: number) => ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <SortableList
      items={items}
      ids={list.ids}
      itemName={(index) => `Variant ${index + 1}`}
      onMove={(from, to) => {
        list.move(from, to);
        onChange(moved(items, from, to));
      }}
      renderItem={(item, index, { handle }) => (
        <VariantCard
          name={`Variant ${index + 1}`}
          handle={handle}
          removeLabel="Remove variant"
          onRemove={() => {
            list.remove(index);
            onRemove(items.filter((_, at) => at !== index));
          }}
          condition={condition(item, index)}
        >
          {children(item, index)}
        </VariantCard>
      )}
    />
  );
}
