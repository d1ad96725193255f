import type { Logger, LogLevel } from '@/lib/logger';

/** A logger that keeps its entries, so tests can check what was logged. */
export function createRecordingLogger() {
  const entries: Array<{ level: LogLevel; message: string; data?: Record<string, unknown> }> = [];
  const record = (level: LogLevel) => (message: string, data?: Record<string, unknown>) =>
    entries.push({ level, message, data });
  const logger: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { logger, entries };
}
