import type { DatabaseHandle } from '../client';

/** One prepared-statement set per connection, built on first use. */
export function perHandle<T>(build: (handle: DatabaseHandle) => T): (handle: DatabaseHandle) => T {
  const built = new WeakMap<DatabaseHandle, T>();
  return (handle) => {
    let value = built.get(handle);
    if (value === undefined) {
      value = build(handle);
      built.set(handle, value);
    }
    return value;
  };
}
