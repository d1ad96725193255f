/**
 * A small structured logger: one JSON line per entry on stderr. Anything passed as data goes
 * through `redact`, so secret-looking keys never reach the log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

const levelRank: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const secretKeyPattern = /password|secret|token|apikey|api_key|auth|credential/i;

/**
 * Replaces the values of secret-looking keys, at any depth, with `[REDACTED]`. Structures nested
 * deeper than 8 are cut (`[Truncated]`) rather than passed through unredacted, and an object inside
 * itself is marked `[Circular]`, so any value can be printed afterwards.
 */
export function redact(value: unknown, ancestors: readonly object[] = []): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ancestors.includes(value)) return '[Circular]';
  if (ancestors.length > 8) return '[Truncated]';
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  const inside = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item) => redact(item, inside));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = secretKeyPattern.test(key) ? '[REDACTED]' : redact(item, inside);
  }
  return result;
}

export function createLogger({
  level = 'info',
  write = (line: string) => process.stderr.write(line + '\n'),
}: { level?: LogLevel | 'silent'; write?: (line: string) => void } = {}): Logger {
  const threshold = levelRank[level];
  const log = (entryLevel: LogLevel) => (message: string, data?: Record<string, unknown>) => {
    if (levelRank[entryLevel] < threshold) return;
    const entry = {
      time: new Date().toISOString(),
      level: entryLevel,
      message,
      ...(redact(data) as object | undefined),
    };
    write(JSON.stringify(entry));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
