/**
 * The providers given to `createStudio({ toolProviders })`, keyed by `provider.id`. A key that differs
 * from the id, or a value that is not a provider, stops startup with a message naming it.
 */
import type { ToolProvider } from './types';

export interface ToolProviderRegistry {
  get(id: string): ToolProvider | undefined;
  /** Every provider, sorted by id. */
  list(): ToolProvider[];
}

const scopes = ['shared', 'caller-supplied', 'per-author'];

function problemWith(provider: unknown): string | undefined {
  if (typeof provider !== 'object' || provider === null) return 'is not an object';
  const candidate = provider as Partial<ToolProvider>;
  if (typeof candidate.id !== 'string' || candidate.id === '') return 'has no string id';
  for (const method of ['listToolkits', 'listTools', 'resolveTools'] as const) {
    if (typeof candidate[method] !== 'function') return `has no ${method}() function`;
  }
  const capabilities = candidate.capabilities;
  if (typeof capabilities !== 'object' || capabilities === null)
    return 'has no capabilities { multipleConnectionsPerToolkit, defaultScope }';
  if (typeof capabilities.multipleConnectionsPerToolkit !== 'boolean')
    return 'has no boolean capabilities.multipleConnectionsPerToolkit';
  if (!scopes.includes(capabilities.defaultScope))
    return `has capabilities.defaultScope other than ${scopes.join(', ')}`;
  return undefined;
}

export function createToolProviderRegistry({
  toolProviders = {},
}: { toolProviders?: Record<string, ToolProvider> } = {}): ToolProviderRegistry {
  const byId = new Map<string, ToolProvider>();
  for (const [key, provider] of Object.entries(toolProviders)) {
    const problem = problemWith(provider);
    if (problem) throw new TypeError(`toolProviders[${JSON.stringify(key)}] ${problem}.`);
    if (provider.id !== key) {
      throw new TypeError(
        `toolProviders[${JSON.stringify(key)}] has the id ${JSON.stringify(provider.id)}; register it as toolProviders[${JSON.stringify(provider.id)}].`,
      );
    }
    byId.set(key, provider);
  }
  const sorted = [...byId.values()].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { get: (id) => byId.get(id), list: () => [...sorted] };
}
