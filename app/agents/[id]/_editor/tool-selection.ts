/**
 * Pure edits of the stored tool fields, as the picker makes them. Plain values only: a field
 * stored as conditional variants is edited in the Conditions tab.
 */
import { isConditional } from '@/lib/snapshots';
import type { EditorValues } from './types';

type Entry = { description?: string; toolkit?: string; rules?: unknown };
export type Selection = Record<string, Entry>;

/** The plain selection of `tools` (a legacy list of ids means `{ id: {} }` each), or `null` when conditional. */
export function registeredSelection(tools: EditorValues['tools']): Selection | null {
  if (tools === undefined) return {};
  if (isConditional(tools)) return null;
  if (Array.isArray(tools)) return Object.fromEntries(tools.map((id) => [id, {}]));
  return tools as Selection;
}

/** Adds or removes names; a removed name loses its description override too. */
export function withNames(selection: Selection, names: string[], on: boolean, entry: Entry = {}): Selection {
  const next = { ...selection };
  for (const name of names) {
    if (on) next[name] = next[name] ?? { ...entry };
    else delete next[name];
  }
  return next;
}

/** Sets or clears (empty text) one tool's description override. */
export function withDescription(selection: Selection, name: string, description: string): Selection {
  const { description: _previous, ...rest } = selection[name] ?? {};
  return { ...selection, [name]: description === '' ? rest : { ...rest, description } };
}

/** A plain record field with one key replaced; an emptied record goes back to absent when it was. */
export function withKey<T>(
  record: Record<string, T> | undefined,
  key: string,
  value: T | undefined,
): Record<string, T> | undefined {
  const next = { ...(record ?? {}) };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length === 0 && record === undefined ? undefined : next;
}

type SourceEntry = { tools?: Selection } & Record<string, unknown>;
/** A record field's plain value (`mcpClients`, `integrationTools`, `toolProviders`): each source's entry by id. */
export type SourceRecord = Record<string, SourceEntry>;

/**
 * One source's `tools` replaced (`undefined`: the source is not used). Other keys of the entry,
 * such as a provider's pinned `connections`, are kept.
 */
export function withSourceTools(
  record: SourceRecord | undefined,
  id: string,
  next: Selection | undefined,
): SourceRecord | undefined {
  if (next === undefined) return withKey<SourceEntry>(record, id, undefined);
  return withKey<SourceEntry>(record, id, { ...(record?.[id] ?? {}), tools: next });
}

export type SourceKind = 'code' | 'registry' | 'mcp' | 'integration' | 'provider';

/** Merge order of the sources: a later one replaces an earlier tool with the same name. */
export const sourceOrder: SourceKind[] = ['code', 'registry', 'mcp', 'integration', 'provider'];

export interface OfferedName {
  name: string;
  source: SourceKind;
  /** Where it comes from, for people: "Registered tools", "MCP: Docs", ... */
  from: string;
}

export interface Collision {
  /** Every offer of this name, in merge order; the last one wins. */
  offers: OfferedName[];
  winner: OfferedName;
}

/** Names offered by more than one selected source, with the one the model will get. */
export function findCollisions(offered: OfferedName[]): Map<string, Collision> {
  const byName = new Map<string, OfferedName[]>();
  for (const offer of offered) byName.set(offer.name, [...(byName.get(offer.name) ?? []), offer]);
  const collisions = new Map<string, Collision>();
  for (const [name, offers] of byName) {
    if (offers.length < 2) continue;
    const sorted = [...offers].sort(
      (left, right) => sourceOrder.indexOf(left.source) - sourceOrder.indexOf(right.source),
    );
    collisions.set(name, { offers: sorted, winner: sorted[sorted.length - 1]! });
  }
  return collisions;
}
