import type { DatabaseHandle } from '../client';

/** A trivial read that proves the connection works. */
const statements = new WeakMap<DatabaseHandle, { get(): unknown }>();

/**
 * Answers the studio's check shape (`CheckResult` in lib/errors.ts) written out, since db/ does not
 * import lib/.
 */
export function checkDatabase(
  handle: DatabaseHandle,
): { ok: true; value: undefined } | { ok: false; issues: Array<{ path: string; message: string }> } {
  try {
    let statement = statements.get(handle);
    if (!statement) {
      statement = handle.sqlite.prepare('SELECT 1');
      statements.set(handle, statement);
    }
    statement.get();
    return { ok: true, value: undefined };
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: 'root', message: error instanceof Error ? error.message : String(error) }],
    };
  }
}
