/**
 * What a saved stdio MCP server may run. Saving a command means running it on this machine, so only
 * commands on the deployment's allow-list (`settings.stdioAllowedCommands`, exact match) may be
 * saved, restored, imported or started, and the stored environment may not set variables that make
 * a program load other code (interpreter and loader hooks, the search path). Pure: the editor checks
 * these rules when a configuration is written, the connection layer again right before it spawns.
 */
export const stdioCommandsSetting = {
  setting: 'stdioAllowedCommands',
  environmentVariable: 'STUDIO_STDIO_ALLOWED_COMMANDS',
} as const;

const loaderVariableNames = new Set([
  'PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
  'BASH_ENV',
  'ENV',
]);
const loaderVariablePrefixes = ['LD_', 'DYLD_'];

/** Whether setting this variable could make the child load code other than the allowed command. */
export function isLoaderVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return loaderVariableNames.has(upper) || loaderVariablePrefixes.some((prefix) => upper.startsWith(prefix));
}

export type StdioRuleViolation =
  { rule: 'command'; command: string; message: string } | { rule: 'env'; variable: string; message: string };

export function commandViolation({
  command,
  allowedCommands,
}: {
  command: string;
  allowedCommands: readonly string[];
}): StdioRuleViolation | undefined {
  if (allowedCommands.includes(command)) return undefined;
  return {
    rule: 'command',
    command,
    message: `The stdio command "${command}" is not allowed on this deployment: add it to ${stdioCommandsSetting.environmentVariable} (settings.${stdioCommandsSetting.setting}).`,
  };
}

export function envViolations(env: Readonly<Record<string, string>> | undefined): StdioRuleViolation[] {
  return Object.keys(env ?? {})
    .filter(isLoaderVariable)
    .map((variable) => ({
      rule: 'env' as const,
      variable,
      message: `The environment variable ${variable} may not be set for a stdio server: it changes which code the command loads.`,
    }));
}
