/**
 * Token buckets per key (a saved client's id, a tool's id): `limit` requests per minute, refilled
 * continuously, so a loop cannot start hundreds of MCP server processes or tool runs. Pure apart
 * from the injected clock; the map of buckets is bounded.
 */
export interface RateLimiter {
  /** `undefined` when allowed (and counted), otherwise the seconds to wait. */
  take(key: string): number | undefined;
}

const maxTrackedKeys = 10_000;

export function createRateLimiter({
  perMinute,
  now = Date.now,
}: {
  perMinute: number;
  now?: () => number;
}): RateLimiter {
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const time = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxTrackedKeys) buckets.delete(buckets.keys().next().value!);
        bucket = { tokens: perMinute, at: time };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) * refillPerMs);
      bucket.at = time;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
    },
  };
}
