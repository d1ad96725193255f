/**
 * The syntax of launch specs (`STUDIO_STDIO_ALLOWED_COMMANDS`): entries separated by `;`, each a
 * command followed by the leading arguments it fixes, written with shell quoting
 * (`npx -y @modelcontextprotocol/server-everything; node './mcp/my orders.js'`). No shell ever runs
 * them: the words are split here once, the same way for the setting and for the display. Pure.
 */
import { checkFailed, type CheckResult } from '../errors';

export interface LaunchSpec {
  command: string;
  args: readonly string[];
}

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
export function parseLaunchSpecs(text: string): CheckResult<LaunchSpec[]> {
  const state: Tokenizer = { text, index: 0, specs: [], words: [], word: undefined };
  while (state.index < text.length) {
    const char = text[state.index++]!;
    if (/\s/.test(char)) endWord(state);
    else if (char === ';') endEntry(state);
    else if (char === "'" || char === '"') {
      const problem = readQuoted(state, char);
      if (problem) return checkFailed(problem);
    } else if (char === '\\') {
      if (state.index >= text.length) return checkFailed('it ends with a lone backslash');
      state.word = (state.word ?? '') + text[state.index++];
    } else if (shellOperators.has(char))
      return checkFailed(
        `"${char}" at character ${state.index} means something to a shell, and no shell runs these commands: quote it to mean the character itself`,
      );
    else state.word = (state.word ?? '') + char;
  }
  endEntry(state);
  return { ok: true, value: state.specs };
}

const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

const quoteWord = (word: string) => (plainWord.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`);

/** One entry in the setting's syntax (quoted where needed), so `parseLaunchSpecs` gives back the same spec. */
export function formatLaunchSpec({ command, args }: LaunchSpec): string {
  return [command, ...args].map(quoteWord).join(' ');
}
