/**
 * The stdio settings of `lib/env.ts`: the approved launch specs (`STUDIO_STDIO_ALLOWED_COMMANDS`),
 * the opt-in for bare interpreters and the extra env names. Launch specs stay strings in the
 * setting's own syntax (one entry per item, quoted where needed), so what the Settings page and the
 * editor show is what an operator writes.
 */
import { z } from 'zod';
import { issueMessages } from './errors';
import {
  bareInterpreterReason,
  formatLaunchSpec,
  isBareInterpreter,
  parseLaunchSpecs,
  type LaunchSpec,
} from './mcp/launch-specs';
import { envNamePattern, isRuntimeVariable } from './mcp/stdio-env-names';

const specObject = z
  .object({ command: z.string().min(1), args: z.array(z.string()).default([]) })
  .strict()
  .transform((spec): LaunchSpec => spec);

/**
 * `STUDIO_STDIO_ALLOWED_COMMANDS`: one string of `;`-separated entries, or (in code) a list whose
 * items are entries in the same syntax or `{ command, args }` objects. The output is one string per entry.
 */
export const launchSpecListSetting = z
  .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.union([z.string(), specObject])))
  .transform((items, context) =>
    items.flatMap((item, index) => {
      if (typeof item !== 'string') return [formatLaunchSpec(item)];
      const parsed = parseLaunchSpecs(item);
      if (parsed.ok) return parsed.value.map(formatLaunchSpec);
      context.addIssue({
        code: 'custom',
        path: [index],
        message: `"${item}" cannot be read: ${issueMessages(parsed.issues)}`,
      });
      return [];
    }),
  );

/** One name of `STUDIO_STDIO_ALLOWED_ENV` (a comma list): a runtime or loader variable is refused here, not ignored later. */
export const allowedEnvName = z
  .string()
  .regex(envNamePattern, 'An environment variable name uses letters, digits and "_"')
  .superRefine((name, context) => {
    if (isRuntimeVariable(name))
      context.addIssue({
        code: 'custom',
        message: `${name} changes which code a runtime, loader or shell runs (or what it trusts): it cannot be allowed for stdio servers`,
      });
  });

/**
 * Refuses bare interpreter entries (`node`, `python3 -W ignore`, `/usr/bin/env node`, `npx -y`: any
 * code) unless the deployment opted in; the problem names the entry, why, and the way out.
 */
export function refuseBareInterpreters(
  settings: { stdioAllowedCommands: readonly string[]; stdioAllowBareInterpreters: boolean },
  context: z.RefinementCtx,
): void {
  if (settings.stdioAllowBareInterpreters) return;
  settings.stdioAllowedCommands.forEach((entry, index) => {
    const parsed = parseLaunchSpecs(entry);
    const reason = parsed.ok ? parsed.value.map(bareInterpreterReason).find(Boolean) : undefined;
    if (!reason) return;
    context.addIssue({
      code: 'custom',
      path: ['stdioAllowedCommands', index],
      message:
        `the entry "${entry}" is a bare interpreter: ${reason}, so the arguments a saved server adds choose the code, ` +
        `and anyone who may save an MCP client could run any code on this machine. Name the program it runs ` +
        `(a script path or a module: "node ./mcp/server.js", "python3 -m package", "npx -y @scope/package"), or set ` +
        `STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true to allow that on purpose`,
    });
  });
}

/** The start banner's line when bare interpreters are allowed (empty otherwise): what the opt-in means. */
export function bareInterpreterNotice(settings: {
  stdioAllowedCommands: readonly string[];
  stdioAllowBareInterpreters: boolean;
}): string {
  if (!settings.stdioAllowBareInterpreters) return '';
  const bare = settings.stdioAllowedCommands.filter((entry) => {
    const parsed = parseLaunchSpecs(entry);
    return parsed.ok && parsed.value.some(isBareInterpreter);
  });
  const entries = bare.length ? bare.map((entry) => `"${entry}"`).join(', ') : 'none at the moment';
  return (
    `STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true: a bare interpreter entry of STUDIO_STDIO_ALLOWED_COMMANDS ` +
    `(${entries}) admits any arguments, so whoever may save an MCP client can run any code on this machine as this server's user.\n`
  );
}
