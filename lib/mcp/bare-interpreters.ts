/**
 * Which launch specs leave the code to run open ("bare interpreters"). A saved server may add
 * arguments after an entry's arguments, so an entry that does not name the program itself lets
 * those arguments choose it: any code. Commands are matched on their base name without a version
 * suffix or `.exe` (`/usr/bin/python3.12` is `python`), and read as one of two kinds:
 * - a launcher runs another command given as an argument (`env node`, `npx pkg`, `uv run`,
 *   `busybox sh`, `bash -c '...'`): the command it launches is checked again, the same way;
 * - an interpreter runs a program given as an argument: an entry whose arguments are only options,
 *   with the values of the options that take one (`python3 -W ignore`, `node --require ./hook.js`),
 *   names none. A script path, a module (`python3 -m pkg`) or fixed code (`node -e "..."`) does.
 * Options are known as far as the table below lists them: write an option's value as `--opt=value`
 * when in doubt. Any other command is a program of its own. Pure: no IO.
 */
import { parseLaunchSpecs, type LaunchSpec } from './launch-spec-syntax';

interface Runner {
  /** `command`: the first word after the options is another command, checked again; `program`: a script, module or code. */
  runs: 'command' | 'program';
  /** Options whose value is the next word and not what runs (`-W ignore`, `--require x`). */
  valueOptions?: readonly string[];
  /** Options whose value is a whole command line (`sh -c`, `env -S`), checked as an entry of its own. */
  commandLineOptions?: readonly string[];
  /** Words that make a tool run something (`npm exec`, `uv run`, `pipx run`), skipped before what it runs. */
  subcommands?: readonly string[];
  /** Words of its own before the command (the duration of `timeout 10 node`). */
  leadingWords?: number;
  /** `NAME=value` words before the command set variables (`env A=1 node`). */
  assignments?: boolean;
}

const interpreter: Runner = { runs: 'program' };
const nodeRuntime: Runner = {
  runs: 'program',
  valueOptions: ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions'],
};
const pythonRuntime: Runner = { runs: 'program', valueOptions: ['-W', '-X', '--check-hash-based-pycs'] };
const shell: Runner = {
  runs: 'program',
  valueOptions: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'],
  commandLineOptions: ['-c', '-Command', '-command'],
};
/** Package runners: what they run is a package's command, or an interpreter (`npx -y node`). */
const packageRunner = (subcommands: readonly string[] = []): Runner => ({
  runs: 'command',
  subcommands,
  valueOptions: ['-p', '--package', '--from', '--with', '--python', '--spec', '--directory', '--project'],
  commandLineOptions: ['-c', '--call'],
});
const wrapper: Runner = { runs: 'command' };
/** Container runners: the image is the program (`docker run -i --rm mcp/github`); mounts and options are not. */
const containerRunner: Runner = {
  runs: 'program',
  subcommands: ['run', 'container'],
  valueOptions: ['-v', '--volume', '--mount', '-e', '--env', '--env-file', '-w', '--workdir', '-u', '--user'],
};

const runners: Readonly<Record<string, Runner>> = {
  ...{ node: nodeRuntime, nodejs: nodeRuntime, tsx: nodeRuntime, 'ts-node': nodeRuntime },
  ...{ python: pythonRuntime, py: pythonRuntime, pypy: pythonRuntime },
  ...{ bash: shell, sh: shell, zsh: shell, dash: shell, ksh: shell, fish: shell, csh: shell, tcsh: shell },
  ...{ pwsh: shell, powershell: shell, cmd: { runs: 'program', commandLineOptions: ['/c', '/C', '/k', '/K'] } },
  ...{ npx: packageRunner(), pnpx: packageRunner(), bunx: packageRunner(), uvx: packageRunner() },
  ...{ npm: packageRunner(['exec', 'x']), pnpm: packageRunner(['dlx', 'exec']), yarn: packageRunner(['dlx', 'exec']) },
  ...{ bun: packageRunner(['x', 'run', 'exec']), uv: packageRunner(['run', 'tool']), pipx: packageRunner(['run']) },
  ...{ poetry: packageRunner(['run']), conda: packageRunner(['run']), corepack: packageRunner() },
  ...{ bundle: packageRunner(['exec']), bundler: packageRunner(['exec']) },
  deno: { runs: 'command', subcommands: ['run', 'x', 'eval'], valueOptions: ['-c', '--config', '--import-map'] },
  env: {
    runs: 'command',
    valueOptions: ['-u', '--unset', '-C', '--chdir'],
    commandLineOptions: ['-S', '--split-string'],
    assignments: true,
  },
  sudo: { runs: 'command', valueOptions: ['-u', '--user', '-g', '--group', '-D', '--chdir'], assignments: true },
  doas: { runs: 'command', valueOptions: ['-u', '-C'] },
  nice: { runs: 'command', valueOptions: ['-n', '--adjustment'] },
  timeout: { runs: 'command', valueOptions: ['-s', '--signal', '-k', '--kill-after'], leadingWords: 1 },
  stdbuf: { runs: 'command', valueOptions: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  xargs: {
    runs: 'command',
    valueOptions: ['-a', '--arg-file', '-d', '--delimiter', '-E', '-I', '-L', '-n', '-P', '-s'],
  },
  ...{ nohup: wrapper, setsid: wrapper, exec: wrapper, busybox: wrapper },
  ...{ docker: containerRunner, podman: containerRunner },
  go: { runs: 'program', subcommands: ['run'] },
  dotnet: { runs: 'program', subcommands: ['exec', 'dnx'] },
  java: {
    runs: 'program',
    valueOptions: ['-cp', '-classpath', '--class-path', '-p', '--module-path', '--add-modules'],
  },
  ruby: { runs: 'program', valueOptions: ['-r', '-I', '-C', '-E'] },
  php: { runs: 'program', valueOptions: ['-c', '-d', '-z', '-t'] },
  julia: { runs: 'program', valueOptions: ['-L', '--load', '-J', '--sysimage', '-t', '--threads', '-p', '--procs'] },
};

/**
 * Interpreters, shells, package runners and launchers: given a program or command as an argument
 * they run it. Those without options of note in `runners` read as interpreters with no value options.
 */
export const interpreterNames: ReadonlySet<string> = new Set([
  ...Object.keys(runners),
  ...['pip', 'irb', 'gem', 'perl', 'lua', 'luajit', 'rscript', 'r', 'tclsh'],
  ...['jshell', 'kotlin', 'scala', 'groovy', 'cargo', 'osascript', 'awk', 'gawk'],
]);

/**
 * Programs whose own options run any command whatever the entry fixes before them (`find /srv
 * -exec ...`, `git -c core.pager=...`, `ssh host cmd`, `tar --to-command`, `make -f`, an editor's
 * `-c`, `sed`'s `e` command): no entry of theirs names what runs, so every one is bare.
 */
const commandRunningPrograms: ReadonlySet<string> = new Set([
  ...['find', 'git', 'ssh', 'scp', 'rsync', 'tar', 'make', 'gmake', 'sed', 'ed'],
  ...['vi', 'vim', 'nvim', 'emacs', 'less', 'more', 'man', 'gdb', 'strace', 'ltrace'],
  ...['watch', 'parallel', 'script', 'flock', 'chroot', 'unshare', 'nsenter', 'taskset', 'ionice', 'chrt'],
  ...['systemd-run', 'runuser', 'su', 'setpriv', 'firejail'],
]);

/** `/usr/bin/python3.12` → `python`, `C:\node\node.exe` → `node`. */
export function interpreterKey(command: string): string {
  const base = command.split(/[\\/]/).pop() ?? command;
  return base
    .toLowerCase()
    .replace(/\.exe$/, '')
    .replace(/[0-9.]+$/, '');
}

const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The word after the options (and subcommands, own words, assignments), with the words after it. */
type Target =
  | { kind: 'named'; word: string; rest: readonly string[] }
  | { kind: 'command-line'; option: string; value: string | undefined }
  | { kind: 'none' };

const named = (args: readonly string[], index: number): Target =>
  index < args.length ? { kind: 'named', word: args[index]!, rest: args.slice(index + 1) } : { kind: 'none' };

function findTarget(runner: Runner, args: readonly string[]): Target {
  const { valueOptions = [], commandLineOptions = [], subcommands = [] } = runner;
  let leadingWords = runner.leadingWords ?? 0;
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    if (word === '--') return named(args, index + 1 + leadingWords);
    if (commandLineOptions.includes(word) || optionLetters(word).some((letter) => commandLineOptions.includes(letter)))
      return { kind: 'command-line', option: word, value: args[index + 1] };
    if (valueOptions.includes(word) || valueOptions.includes(optionLetters(word).at(-1)!)) index += 1;
    else if (word.startsWith('-') || subcommands.includes(word)) continue;
    else if (runner.assignments && assignment.test(word)) continue;
    else if (leadingWords > 0) leadingWords -= 1;
    else return named(args, index);
  }
  return { kind: 'none' };
}

/** Single-letter options written together: `-uW` is `-u -W` (the last may take the next word), `-lc` holds `-c`. */
const optionLetters = (word: string): string[] =>
  /^-[A-Za-z]{2,}$/.test(word) ? [...word.slice(1)].map((letter) => `-${letter}`) : [word];

/**
 * Why an entry leaves the code to run open, or undefined when it names the program. The reason
 * reads after "the entry ... is a bare interpreter: ".
 */
export function bareInterpreterReason({ command, args }: LaunchSpec): string | undefined {
  const key = interpreterKey(command);
  if (commandRunningPrograms.has(key))
    return `"${command}" can run any command through its own options or arguments, whatever the entry fixes`;
  if (!interpreterNames.has(key)) return undefined;
  const runner = runners[key] ?? interpreter;
  const target = findTarget(runner, args);
  if (target.kind === 'none')
    return runner.runs === 'command'
      ? `nothing in it names the command "${command}" runs`
      : `nothing in it names the program "${command}" runs (a script path or a module), only options`;
  if (target.kind === 'command-line') return commandLineReason({ command, ...target });
  if (runner.runs === 'program') return undefined;
  const inner = bareInterpreterReason({ command: target.word, args: target.rest });
  return inner && `${inner} (run by "${command}")`;
}

function commandLineReason({ command, option, value }: { command: string; option: string; value?: string }) {
  if (value === undefined) return `"${command} ${option}" is given no command line`;
  // A shell expands `$@` and `` `...` `` even inside double quotes: such a line may run what follows it.
  const parsed = /[$`]/.test(value) ? undefined : parseLaunchSpecs(value);
  if (!parsed?.ok)
    return `the command line given to "${command} ${option}" cannot be checked: it holds shell syntax ("$", "|", ...) that could run the arguments a server adds`;
  if (parsed.value.length === 0) return `"${command} ${option}" is given no command line`;
  const reasons = parsed.value.map(bareInterpreterReason).filter(Boolean);
  return reasons.length ? `${reasons.join('; ')} (run by "${command} ${option}")` : undefined;
}

/** An entry that leaves the program open (see the module comment): it admits any code. */
export function isBareInterpreter(spec: LaunchSpec): boolean {
  return bareInterpreterReason(spec) !== undefined;
}
