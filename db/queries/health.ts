import type { DatabaseHandle } from '../client';

/** A trivial read that proves the connection works. */
const statements = new WeakMap<DatabaseHandle, { get(): unknown }>();

export function checkDatabase(handle: DatabaseHandle): { ok: true } | { ok: false; message: string } {
  try {
    let statement = statements.get(handle);
    if (!statement) {
      statement = handle.sqlite.prepare('SELECT 1');
      statements.set(handle, statement);
    }
    statement.get();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
