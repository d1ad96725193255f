/**
 * The Runs list's filters as they travel in the address (`/runs?status=paused&from=2026-01-01`),
 * so a view can be shared: read from the search parameters, checked, and turned into the list's
 * query. Days are whole UTC days, as in the audit log: "to" includes its day.
 */
import type { RunListQuery, RunStatus } from './runs';

export const filterNames = ['agentId', 'status', 'versionNumber', 'from', 'to', 'threadId'] as const;
export type FilterName = (typeof filterNames)[number];
export type RunFilters = Record<FilterName, string>;

export type SearchParams = Partial<Record<FilterName | 'cursor', string | string[] | undefined>>;

const statuses: ReadonlySet<string> = new Set<RunStatus>(['running', 'paused', 'finished', 'failed']);

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const isVersion = (value: string) => /^[1-9]\d{0,8}$/.test(value);

/** A day's start in UTC; `next` gives the start of the following day. */
function dayStart(day: string, next = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (next) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export function filtersOf(params: SearchParams): RunFilters {
  return Object.fromEntries(filterNames.map((name) => [name, text(params[name])])) as RunFilters;
}

/** The filters' problems in words; a filter with a problem is not applied. */
export function filterProblems(filters: RunFilters): string[] {
  const problems: string[] = [];
  if (filters.status && !statuses.has(filters.status)) problems.push(`"${filters.status}" is not a status`);
  if (filters.versionNumber && !isVersion(filters.versionNumber))
    problems.push(`the version is a whole number from 1; "${filters.versionNumber}" was ignored`);
  for (const day of [filters.from, filters.to])
    if (day && !isDay(day)) problems.push(`dates are written YYYY-MM-DD; "${day}" was ignored`);
  return problems;
}

/** The list query of the filters that are well formed. */
export function queryOf(filters: RunFilters): RunListQuery {
  return {
    ...(filters.agentId ? { agentId: filters.agentId } : {}),
    ...(statuses.has(filters.status) ? { status: filters.status as RunStatus } : {}),
    ...(isVersion(filters.versionNumber) ? { versionNumber: Number(filters.versionNumber) } : {}),
    ...(isDay(filters.from) ? { from: dayStart(filters.from) } : {}),
    ...(isDay(filters.to) ? { to: dayStart(filters.to, true) } : {}),
    ...(filters.threadId ? { threadId: filters.threadId } : {}),
  };
}

/** The address of `path` with the filters given and, for a later page, its cursor. */
export function hrefOf(path: string, filters: Partial<RunFilters>, cursor?: string | null): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
