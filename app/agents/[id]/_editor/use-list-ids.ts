'use client';
import { useState } from 'react';
import { newRuleId } from './rule-ids';

/**
 * Stable ids for the items of a stored list that has none (variants, prompt blocks), so an item
 * keeps its editor state when the list is reordered. Edits go through the returned functions
 * together with the value change; a list replaced from outside (a reload) gets fresh ids.
 */
export function useListIds(length: number) {
  const [ids, setIds] = useState(() => Array.from({ length }, newRuleId));
  let current = ids;
  if (ids.length !== length) {
    current =
      ids.length > length ? ids.slice(0, length) : [...ids, ...Array.from({ length: length - ids.length }, newRuleId)];
    setIds(current);
  }
  return {
    ids: current,
    move(from: number, to: number) {
      const next = [...current];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      setIds(next);
    },
    remove(index: number) {
      setIds(current.filter((_, at) => at !== index));
    },
  };
}
