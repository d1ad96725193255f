/**
 * Who did something, in the words a person reads. The studio records its actors as `user:<email>`,
 * `key:<key name>`, `local` (whoever uses a studio without sign-in), `cli` (the command line on
 * the server's machine) and `system` (the studio itself, e.g. the demo agent's seed); the audit
 * log's filters and the API keep those forms.
 */
export function actorWords(actor: string): string {
  if (actor.startsWith('user:')) return actor.slice('user:'.length);
  if (actor.startsWith('key:')) return `API key "${actor.slice('key:'.length)}"`;
  if (actor === 'local') return 'the local user';
  if (actor === 'cli') return 'the command line';
  if (actor === 'system') return 'the studio';
  return actor;
}
