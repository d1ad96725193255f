/**
 * The one failure type of outbound requests. Its message is safe to show to a model or a person:
 * it names the host and the address class, never credentials, query strings or remote bodies.
 */
export type OutboundFailure =
  /** The address (or name) is of a class this caller may not reach; nothing was connected. */
  | 'refused'
  /** Not an http(s) URL, or no usable URL at all. */
  | 'invalid_url'
  | 'too_many_redirects'
  | 'timeout'
  /** DNS had no answer, the connection failed or broke. */
  | 'network';

export class OutboundError extends Error {
  readonly failure: OutboundFailure;
  /** For `refused`: the class that was refused (`metadata`, `loopback`, `NAT64 (...)`). */
  readonly addressClass?: string;

  constructor({
    failure,
    message,
    addressClass,
    cause,
  }: {
    failure: OutboundFailure;
    message: string;
    addressClass?: string;
    cause?: unknown;
  }) {
    super(message, { cause });
    this.name = 'OutboundError';
    this.failure = failure;
    this.addressClass = addressClass;
  }
}

/** Finds an `OutboundError` in an error's `cause` chain (fetch wraps connection errors twice). */
export function findOutboundError(error: unknown): OutboundError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof OutboundError) return current;
    current = current.cause;
  }
  return undefined;
}

/** `https://host:port/path` without credentials, query or fragment, for messages and logs. */
export function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}
