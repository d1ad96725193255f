'use client';
import { useCallback, useRef, useState } from 'react';
import { callOperation } from '../../../_lib/api-fetch';
import type { CatalogTool } from './types';

export interface McpServerTools {
  ok: boolean;
  tools: CatalogTool[];
  error?: string;
}

export type McpClientTools =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; servers: Record<string, McpServerTools> };

/**
 * Each saved client's servers and tools, listed live through the connection test (fresh
 * connections, so the picker shows what the servers offer now). Loaded on first use; `retry`
 * lists one client again.
 */
export function useMcpTools(clientIds: string[]) {
  const [byClient, setByClient] = useState<Record<string, McpClientTools>>({});
  const started = useRef(false);

  const load = useCallback(async (clientId: string) => {
    setByClient((current) => ({ ...current, [clientId]: { state: 'loading' } }));
    const result = await callOperation('testMcpClient', { params: { id: clientId } });
    setByClient((current) => ({
      ...current,
      [clientId]: result.ok
        ? {
            state: 'loaded',
            servers: Object.fromEntries(
              Object.entries(result.value.servers).map(([server, report]) => [
                server,
                { ok: report.ok, tools: report.tools, ...(report.error ? { error: report.error } : {}) },
              ]),
            ),
          }
        : { state: 'failed', message: result.message },
    }));
  }, []);

  const ensureLoaded = useCallback(() => {
    if (started.current) return;
    started.current = true;
    for (const clientId of clientIds) void load(clientId);
  }, [clientIds, load]);

  return { byClient, ensureLoaded, retry: load };
}
