/**
 * What a saved stdio MCP server may run. Saving a command means running it on this machine, so a
 * server is admitted only by an approved launch spec of the deployment
 * (`settings.stdioAllowedCommands`, see `launch-specs.ts`), and its stored environment only sets
 * names from the allow-list of `stdio-env-names.ts`. Pure: the editor checks these rules when a
 * configuration is written (saved, restored, imported), the connection layer again right before it
 * spawns.
 */
import {
  bareInterpreterReason,
  formatLaunchSpec,
  isBareInterpreter,
  launchSpecAdmits,
  parseLaunchSpecs,
  type LaunchSpec,
} from './launch-specs';
import { issueMessages } from '../errors';
import { checkEnvName } from './stdio-env-names';

export { allowedEnvSuffixes, envNamePattern, isRuntimeVariable, runtimeVariableMessage } from './stdio-env-names';

export const stdioCommandsSetting = {
  setting: 'stdioAllowedCommands',
  environmentVariable: 'STUDIO_STDIO_ALLOWED_COMMANDS',
} as const;

/** The deployment's stdio settings as the checks read them (the studio's settings object fits). */
export interface StdioPolicy {
  /** Launch specs in the setting's syntax, one entry each (`node ./mcp/orders.js`). */
  stdioAllowedCommands: readonly string[];
  /** `STUDIO_STDIO_ALLOW_BARE_INTERPRETERS`: a bare interpreter entry admits any arguments (default: nothing). */
  stdioAllowBareInterpreters?: boolean;
  /** `STUDIO_STDIO_ALLOWED_ENV`: env names accepted besides the allowed suffixes (never a runtime variable). */
  stdioAllowedEnv?: readonly string[];
}

export type StdioRuleViolation =
  { rule: 'command'; command: string; message: string } | { rule: 'env'; variable: string; message: string };

/** The entries of the setting as specs; an entry that does not parse (only possible when set in code after start) admits nothing. */
export function allowedLaunchSpecs(entries: readonly string[]): LaunchSpec[] {
  return entries.flatMap((entry) => {
    const parsed = parseLaunchSpecs(entry);
    return parsed.ok ? parsed.value : [];
  });
}

const maxShownLength = 200;

/** The server's launch spec for a message: quoted like the setting, cut short (arguments may hold a whole script). */
function shownSpec(server: LaunchSpec): string {
  const text = formatLaunchSpec(server);
  return text.length > maxShownLength ? `${text.slice(0, maxShownLength)}…` : text;
}

export function commandViolation({
  command,
  args = [],
  policy,
}: {
  command: string;
  args?: readonly string[];
  policy: StdioPolicy;
}): StdioRuleViolation | undefined {
  const server = { command, args };
  const specs = allowedLaunchSpecs(policy.stdioAllowedCommands);
  const allowBareInterpreters = policy.stdioAllowBareInterpreters ?? false;
  if (specs.some((spec) => launchSpecAdmits({ spec, server, allowBareInterpreters }))) return undefined;
  const { environmentVariable, setting } = stdioCommandsSetting;
  const bare = allowBareInterpreters
    ? undefined
    : specs.find((spec) => spec.command === command && isBareInterpreter(spec));
  const hint = bare
    ? ` Its entry "${formatLaunchSpec(bare)}" is a bare interpreter (${bareInterpreterReason(bare)}), which admits nothing unless STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true.`
    : ` Add an entry (the command followed by the arguments it fixes) to ${environmentVariable} (settings.${setting}).`;
  return {
    rule: 'command',
    command,
    message: `The stdio command "${shownSpec(server)}" is not allowed on this deployment: no entry of ${environmentVariable} (settings.${setting}) has this command with arguments that start its arguments.${hint}`,
  };
}

/** Why one stored env name is refused, or undefined when it is accepted. */
export function envNameViolation({ name, policy }: { name: string; policy: StdioPolicy }): string | undefined {
  const checked = checkEnvName({ name, allowedEnv: policy.stdioAllowedEnv ?? [] });
  return checked.ok ? undefined : issueMessages(checked.issues);
}

export function envViolations({
  env,
  policy,
}: {
  env: Readonly<Record<string, string>> | undefined;
  policy: StdioPolicy;
}): StdioRuleViolation[] {
  return Object.keys(env ?? {}).flatMap((variable) => {
    const message = envNameViolation({ name: variable, policy });
    return message ? [{ rule: 'env' as const, variable, message }] : [];
  });
}

/** Every rule a stdio server breaks under the deployment's policy: its launch spec first, then each env name. */
export function stdioServerViolations({
  server,
  policy,
}: {
  server: { command: string; args?: readonly string[]; env?: Readonly<Record<string, string>> };
  policy: StdioPolicy;
}): StdioRuleViolation[] {
  const command = commandViolation({ command: server.command, args: server.args ?? [], policy });
  return [...(command ? [command] : []), ...envViolations({ env: server.env, policy })];
}
