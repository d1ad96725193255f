/**
 * Approved launch specs of saved stdio MCP servers (`STUDIO_STDIO_ALLOWED_COMMANDS`): entries
 * separated by `;`, each a command followed by the leading arguments it fixes, written with shell
 * quoting (`npx -y @modelcontextprotocol/server-everything; node './mcp/my orders.js'`). No shell
 * ever runs them: the words are split here once, the same way for the setting and for the display.
 *
 * An entry admits a server whose command equals the entry's command and whose arguments start with
 * the entry's arguments; arguments after that prefix only when the entry fixes at least one. An
 * interpreter or package runner without a fixed program (`node`, `python3 -m`, `npx -y`) would admit
 * any code: such a bare interpreter admits nothing unless the deployment opted in
 * (`STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true`), and then any arguments. Pure: no IO.
 */

export interface LaunchSpec {
  command: string;
  args: readonly string[];
}

export type LaunchSpecParse = { ok: true; specs: LaunchSpec[] } | { ok: false; message: string };

/** Characters a shell would give a meaning to; written unquoted they are refused instead of taken literally. */
const shellOperators = new Set(['|', '&', '<', '>', '(', ')', '$', '`']);
/** Inside double quotes a backslash escapes only these (as in POSIX shells); elsewhere it stays. */
const doubleQuoteEscapes = new Set(['"', '\\', '$', '`']);

interface Tokenizer {
  text: string;
  index: number;
  specs: LaunchSpec[];
  words: string[];
  word: string | undefined;
}

const endWord = (state: Tokenizer) => {
  if (state.word !== undefined) state.words.push(state.word);
  state.word = undefined;
};

const endEntry = (state: Tokenizer) => {
  endWord(state);
  const [command, ...args] = state.words;
  if (command !== undefined) state.specs.push({ command, args });
  state.words = [];
};

/** Reads a quoted part starting after its opening quote; returns an error message or undefined. */
function readQuoted(state: Tokenizer, quote: "'" | '"'): string | undefined {
  const start = state.index - 1;
  let text = '';
  while (state.index < state.text.length) {
    const char = state.text[state.index++]!;
    if (char === quote) {
      state.word = (state.word ?? '') + text;
      return undefined;
    }
    const next = state.text[state.index];
    if (quote === '"' && char === '\\' && next !== undefined && doubleQuoteEscapes.has(next)) {
      text += next;
      state.index += 1;
    } else text += char;
  }
  return `the quote opened at character ${start + 1} is not closed`;
}

/**
 * Splits the setting into launch specs: whitespace separates words, an unquoted `;` ends an entry,
 * single quotes keep everything literally, double quotes honour `\"` `\\` `\$` and `` \` ``, a
 * backslash outside quotes escapes the next character. Empty entries are skipped.
 */
export function parseLaunchSpecs(text: string): LaunchSpecParse {
  const state: Tokenizer = { text, index: 0, specs: [], words: [], word: undefined };
  while (state.index < text.length) {
    const char = text[state.index++]!;
    if (/\s/.test(char)) endWord(state);
    else if (char === ';') endEntry(state);
    else if (char === "'" || char === '"') {
      const problem = readQuoted(state, char);
      if (problem) return { ok: false, message: problem };
    } else if (char === '\\') {
      if (state.index >= text.length) return { ok: false, message: 'it ends with a lone backslash' };
      state.word = (state.word ?? '') + text[state.index++];
    } else if (shellOperators.has(char))
      return {
        ok: false,
        message: `"${char}" at character ${state.index} means something to a shell, and no shell runs these commands: quote it to mean the character itself`,
      };
    else state.word = (state.word ?? '') + char;
  }
  endEntry(state);
  return { ok: true, specs: state.specs };
}

const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

const quoteWord = (word: string) => (plainWord.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`);

/** One entry in the setting's syntax (quoted where needed), so `parseLaunchSpecs` gives back the same spec. */
export function formatLaunchSpec({ command, args }: LaunchSpec): string {
  return [command, ...args].map(quoteWord).join(' ');
}

/**
 * Interpreters, shells and package runners: given a program as an argument they run it, so an entry
 * naming one of them without fixing that program admits any code. Matched on the command's base name
 * without a version suffix or `.exe` (`/usr/bin/python3.12` is `python`).
 */
export const interpreterNames: ReadonlySet<string> = new Set([
  ...['node', 'nodejs', 'deno', 'bun', 'bunx', 'npx', 'pnpx', 'npm', 'pnpm', 'yarn', 'corepack', 'tsx', 'ts-node'],
  ...['python', 'py', 'pypy', 'uv', 'uvx', 'pipx', 'pip', 'poetry', 'conda'],
  ...['ruby', 'irb', 'gem', 'bundle', 'bundler', 'perl', 'php', 'lua', 'luajit', 'rscript', 'r', 'julia', 'tclsh'],
  ...['java', 'jshell', 'kotlin', 'scala', 'groovy', 'dotnet', 'go', 'cargo', 'osascript', 'awk', 'gawk'],
  ...['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'cmd'],
  ...['env', 'sudo', 'doas', 'xargs', 'nohup', 'nice', 'timeout', 'stdbuf', 'exec'],
]);

/** `/usr/bin/python3.12` → `python`, `C:\node\node.exe` → `node`. */
export function interpreterKey(command: string): string {
  const base = command.split(/[\\/]/).pop() ?? command;
  return base
    .toLowerCase()
    .replace(/\.exe$/, '')
    .replace(/[0-9.]+$/, '');
}

/** An interpreter whose fixed arguments are only options (none, or like `-y`, `-m`, `--no-warnings`): it admits any program. */
export function isBareInterpreter({ command, args }: LaunchSpec): boolean {
  return interpreterNames.has(interpreterKey(command)) && args.every((arg) => arg.startsWith('-'));
}

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
