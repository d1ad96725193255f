/**
 * Stdio launch specs (docs/mcp.md, "Stdio launch specs"): the deployment's allow-list is the
 * setting (`settings.stdioAllowedCommands`, read-only here) plus the specs an admin approved in the
 * editor, stored and audited. Every check of the allow-list (save, restore, import, spawn) reads
 * both through `stdioPolicyInForce`, straight from storage: a removed spec stops admitting at once.
 */
import { randomUUID } from 'node:crypto';
import type { StdioLaunchSpecRow } from '../../db/queries';
import type { StudioQueries } from '../../db/storage';
import { invalidInput, StudioError } from '../errors';
import { readPageByTimeId, type Page, type PageRequest } from '../pagination';
import { bareInterpreterReason, formatLaunchSpec, parseLaunchSpecs } from '../mcp/launch-specs';
import type { StdioPolicy } from '../mcp/stdio-rules';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { parseInput } from './parse-input';
import { stdioLaunchSpecBodySchema, type StdioLaunchSpecBody } from '../schemas/stdio-launch-spec-body';

export type StdioLaunchSpecView =
  | { id: string; command: string; args: string[]; source: 'setting' }
  | { id: string; command: string; args: string[]; source: 'stored'; createdBy: string; createdAt: string };

/** An entry of the setting as the specs it holds (one, as the settings schema splits them). */
const specsOfEntry = (entry: string) => {
  const parsed = parseLaunchSpecs(entry);
  return parsed.ok ? parsed.value.map(({ command, args }) => ({ command, args: [...args] })) : [];
};

const storedView = (row: StdioLaunchSpecRow): StdioLaunchSpecView => ({
  id: row.id,
  command: row.command,
  args: JSON.parse(row.args) as string[],
  source: 'stored',
  createdBy: row.createdBy,
  createdAt: row.createdAt,
});

/** The stored specs as entries of the setting's form (the connection policy reads them at each spawn). */
export async function storedLaunchEntries(specs: Pick<StudioQueries['stdioLaunchSpecs'], 'list'>): Promise<string[]> {
  return (await specs.list()).map((row) => formatLaunchSpec(storedView(row)));
}

/** The stdio rules in force: the settings, with the stored specs joining the setting's entries. */
export async function stdioPolicyInForce(
  context: Pick<EditorContext, 'settings' | 'stdioLaunchSpecs'>,
): Promise<StdioPolicy> {
  const stored = await storedLaunchEntries(context.stdioLaunchSpecs);
  return { ...context.settings, stdioAllowedCommands: [...context.settings.stdioAllowedCommands, ...stored] };
}

function settingViews(context: EditorContext): StdioLaunchSpecView[] {
  return context.settings.stdioAllowedCommands
    .flatMap(specsOfEntry)
    .map((spec, index): StdioLaunchSpecView => ({ id: `setting-${index + 1}`, ...spec, source: 'setting' }));
}

/** Every spec: the setting's entries in their order, then the stored specs oldest first. */
export async function listStdioLaunchSpecs(context: EditorContext): Promise<StdioLaunchSpecView[]> {
  return [...settingViews(context), ...(await context.stdioLaunchSpecs.list()).map(storedView)];
}

/**
 * The cursor time of the setting's entries, which have none: before every stored spec, so that one
 * cursor form, (time, id), orders the setting's entries (by their position) before the stored specs.
 */
const settingTime = new Date(0).toISOString();

/** One page of the specs in the order of `listStdioLaunchSpecs`. */
export async function pageStdioLaunchSpecs(
  context: EditorContext,
  request: PageRequest = {},
): Promise<Page<StdioLaunchSpecView>> {
  const fromSetting = settingViews(context);
  return readPageByTimeId({
    request,
    first: { time: '', id: '' },
    read: async ({ time, id }, limit) => {
      const amongSetting = time === '' || time === settingTime;
      const remaining = amongSetting ? fromSetting.slice(fromSetting.findIndex((spec) => spec.id === id) + 1) : [];
      const after = amongSetting ? { createdAt: '', id: '' } : { createdAt: time, id };
      return [...remaining, ...(await context.stdioLaunchSpecs.page({ after, limit })).map(storedView)];
    },
    keyOf: (spec) => ({ time: spec.source === 'stored' ? spec.createdAt : settingTime, id: spec.id }),
    toItem: (spec) => spec,
  });
}

export async function createStdioLaunchSpec(
  context: EditorContext,
  { actor = defaultActor, ...body }: StdioLaunchSpecBody & { actor?: string },
): Promise<StdioLaunchSpecView> {
  const input = parseInput(stdioLaunchSpecBodySchema, body);
  const bare = context.settings.stdioAllowBareInterpreters ? undefined : bareInterpreterReason(input);
  if (bare)
    throw invalidInput([
      {
        path: 'args',
        message: `"${formatLaunchSpec(input)}" would run any code: ${bare}, so the arguments a saved server adds choose the code. Name the program it runs among its arguments (a script path or a module: "node ./mcp/server.js", "python3 -m package"), or set STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true.`,
      },
    ]);
  const entry = formatLaunchSpec(input);
  return context.storage.transaction(async () => {
    if ((await stdioPolicyInForce(context)).stdioAllowedCommands.includes(entry))
      throw new StudioError('conflict', `The launch spec "${entry}" is already approved.`, { spec: entry });
    const row = {
      id: randomUUID(),
      command: input.command,
      args: JSON.stringify(input.args),
      createdBy: actor,
      createdAt: context.now(),
    };
    await context.stdioLaunchSpecs.insert(row);
    await recordAudit(context, {
      actor,
      action: 'stdio_launch_spec.create',
      entityId: row.id,
      details: { command: input.command, args: input.args },
    });
    return storedView(row);
  });
}

export async function deleteStdioLaunchSpec(
  context: EditorContext,
  { id, actor = defaultActor }: { id: string; actor?: string },
): Promise<{ deleted: true }> {
  return context.storage.transaction(async () => {
    const row = (await context.stdioLaunchSpecs.list()).find((spec) => spec.id === id);
    if (!row || !(await context.stdioLaunchSpecs.delete(id)))
      throw new StudioError('not_found', `No stored stdio launch spec has id "${id}".`, { id });
    await recordAudit(context, {
      actor,
      action: 'stdio_launch_spec.delete',
      entityId: id,
      details: { command: row.command, args: JSON.parse(row.args) as string[] },
    });
    return { deleted: true as const };
  });
}
