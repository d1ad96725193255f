/**
 * A module loaded on first use (`import()` of a package the hot path does not need). The first
 * caller starts the load and later callers share it; a failed load is not kept, so a transient
 * failure (or a broken installation that was fixed) does not fail every later call.
 */
export function loadOnce<Loaded>(load: () => Promise<Loaded>): () => Promise<Loaded> {
  let loading: Promise<Loaded> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
