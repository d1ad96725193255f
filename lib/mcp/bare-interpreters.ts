/**
 * A launch spec that is only an interpreter or a package runner (`node`, `python3`, `npx`) admits
 * any code: whoever saves a server chooses the script or package in its arguments. Such a spec is
 * refused unless the deployment opts in (`settings.stdioAllowBareInterpreters`). Pure.
 */
const interpreterNames = new Set([
  'node',
  'nodejs',
  'deno',
  'bun',
  'bunx',
  'npx',
  'pnpx',
  'python',
  'python2',
  'python3',
  'pypy',
  'pypy3',
  'uv',
  'uvx',
  'pipx',
  'ruby',
  'perl',
  'php',
  'lua',
  'java',
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'pwsh',
  'powershell',
  'cmd',
  'env',
  'docker',
]);

/** `node`, `/usr/bin/python3`, `python3.12`, `node.exe`: the interpreter the command names, if it is one. */
export function isInterpreterCommand(command: string): boolean {
  const base = command
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/\.exe$/, '');
  return interpreterNames.has(base) || interpreterNames.has(base.replace(/[\d.]+$/, ''));
}

export function bareInterpreterViolation({
  command,
  args,
  allowBareInterpreters,
}: {
  command: string;
  args: readonly string[];
  allowBareInterpreters: boolean;
}): string | undefined {
  if (allowBareInterpreters || args.length > 0 || !isInterpreterCommand(command)) return undefined;
  return `"${command}" alone would run any code: give the script or package it runs as its first argument (or set STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true).`;
}
