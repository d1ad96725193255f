/**
 * Who did something, in the words a person reads. The studio records its actors as `user:<email>`,
 * `key:<key name>`, `local` (whoever uses a studio without sign-in), `cli` (the command line on
 * the server's machine) and `system` (the studio itself, e.g. the demo agent's seed); the audit
 * log's filters and the API keep those forms.
 */
const namedKey = /^API key "(.*)"$/;

/** The actor a person means by what they type in a "Who" filter: the words `actorWords` shows, or the recorded form. */
export function actorOfWords(words: string): string {
  const text = words.trim();
  const key = namedKey.exec(text);
  if (key) return `key:${key[1]}`;
  if (text === 'the local user') return 'local';
  if (text === 'the command line') return 'cli';
  if (text === 'the studio') return 'system';
  if (text.includes('@') && !text.includes(':')) return `user:${text}`;
  return text;
}

export function actorWords(actor: string): string {
  if (actor.startsWith('user:')) return actor.slice('user:'.length);
  if (actor.startsWith('key:')) return `API key "${actor.slice('key:'.length)}"`;
  if (actor === 'local') return 'the local user';
  if (actor === 'cli') return 'the command line';
  if (actor === 'system') return 'the studio';
  return actor;
}
