import type { DatabaseHandle } from '../client';

/** A trivial read that proves the connection works. */
export function checkDatabase(handle: DatabaseHandle): { ok: true } | { ok: false; message: string } {
  try {
    handle.sqlite.prepare('SELECT 1').get();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
