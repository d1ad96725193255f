/**
 * Approved launch specs of saved stdio MCP servers (`STUDIO_STDIO_ALLOWED_COMMANDS`): entries
 * separated by `;`, each a command followed by the leading arguments it fixes, written with shell
 * quoting (`launch-spec-syntax.ts`).
 *
 * An entry admits a server whose command equals the entry's command and whose arguments start with
 * the entry's arguments; arguments after that prefix only when the entry fixes at least one. An
 * entry that leaves the program open (`node`, `python3 -W ignore`, `/usr/bin/env node`, `npx -y`,
 * see `bare-interpreters.ts`) would admit any code: such a bare interpreter admits nothing unless
 * the deployment opted in (`STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true`), and then any arguments.
 * Pure: no IO.
 */
import { isBareInterpreter } from './bare-interpreters';
import type { LaunchSpec } from './launch-spec-syntax';

export { bareInterpreterReason, interpreterKey, interpreterNames, isBareInterpreter } from './bare-interpreters';
export { formatLaunchSpec, parseLaunchSpecs, type LaunchSpec } from './launch-spec-syntax';

const startsWith = (args: readonly string[], prefix: readonly string[]) =>
  prefix.length <= args.length && prefix.every((arg, index) => args[index] === arg);

/** Whether one entry admits a server's command and arguments (see the module comment). */
export function launchSpecAdmits({
  spec,
  server,
  allowBareInterpreters,
}: {
  spec: LaunchSpec;
  server: LaunchSpec;
  allowBareInterpreters: boolean;
}): boolean {
  if (server.command !== spec.command || !startsWith(server.args, spec.args)) return false;
  if (isBareInterpreter(spec)) return allowBareInterpreters;
  return server.args.length === spec.args.length || spec.args.length > 0;
}
