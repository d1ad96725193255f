/**
 * Tool-provider fan-out, pure: one provider reference becomes one
 * `resolveTools` call per (toolkit, pinned connection), so a failing connection never takes its
 * siblings down. With several connections for one toolkit (only where the provider allows it) every
 * call carries a label and its tools are later renamed `SLUG__<LABEL>`.
 */
import { definedFields } from '../defined-fields';
import type {
  ConnectionKind,
  ConnectionScope,
  ProviderConnectionRequest,
  ToolProviderCapabilities,
} from '../tool-providers';
import type { ToolProviderPlan } from './plan-resolution';
import type { ResolutionWarning } from './types';
import { isRecord } from '../is-record';

export interface ProviderCall {
  providerId: string;
  toolkit: string;
  slugs: string[];
  meta: Record<string, { description?: string }>;
  connection: ProviderConnectionRequest;
  /** Set when the toolkit routes through several connections: tools become `SLUG__<label>`. */
  label?: string;
  /** Where the connection lives in the version, for warnings. */
  ref: string;
}

/** The identity of `shared` connections: one bucket for every caller and author. */
export const sharedAuthorId = 'shared';
/** The identity of `caller-supplied` connections when the request names no resource. */
export const defaultResourceId = 'default';
/**
 * With no connection pinned for a toolkit, its tools resolve once through this one: the caller's
 * (invoker's) default connection, identified by the provider's default scope.
 */
export const defaultConnection = { kind: 'invoker', connectionId: 'default' } as const;

const kinds: readonly string[] = ['author', 'invoker', 'platform'];
const scopes: readonly string[] = ['shared', 'caller-supplied', 'per-author'];

interface PinnedConnection {
  kind: ConnectionKind;
  connectionId: string;
  label?: string;
  scope?: ConnectionScope;
}

function asConnection(value: unknown): PinnedConnection | undefined {
  if (!isRecord(value) || typeof value.connectionId !== 'string' || !kinds.includes(value.kind as string))
    return undefined;
  return {
    kind: value.kind as ConnectionKind,
    connectionId: value.connectionId,
    label: typeof value.label === 'string' && value.label !== '' ? value.label : undefined,
    scope:
      typeof value.scope === 'string' && scopes.includes(value.scope) ? (value.scope as ConnectionScope) : undefined,
  };
}

export function planProviderCalls({
  plan,
  capabilities,
  toolkitOf,
  authorId,
  resourceId,
}: {
  plan: ToolProviderPlan;
  capabilities: ToolProviderCapabilities;
  /** The toolkit of a slug whose entry names none (from the provider's catalogue). */
  toolkitOf: (slug: string) => string | undefined;
  authorId?: string;
  resourceId?: string;
}): { calls: ProviderCall[]; warnings: ResolutionWarning[] } {
  const { providerId } = plan;
  const warnings: ResolutionWarning[] = [];
  const warn = (message: string, ref: string) =>
    warnings.push({ code: 'provider_failed', message, source: 'provider', ref });
  const byToolkit = new Map<string, string[]>();
  for (const [slug, meta] of Object.entries(plan.tools)) {
    const toolkit = meta.toolkit ?? toolkitOf(slug);
    if (toolkit === undefined) {
      warn(
        `Tool provider "${providerId}" offers no tool "${slug}" in any toolkit`,
        `toolProviders.${providerId}.tools.${slug}`,
      );
      continue;
    }
    byToolkit.set(toolkit, [...(byToolkit.get(toolkit) ?? []), slug]);
  }
  const identity = (scope: ConnectionScope | undefined, ref: string): string | undefined => {
    const effective = scope ?? capabilities.defaultScope;
    if (effective === 'shared') return sharedAuthorId;
    if (effective === 'per-author') return authorId;
    if (resourceId !== undefined && resourceId !== '') return resourceId;
    warn(
      `Tool provider "${providerId}": a caller-supplied connection needs a resourceId; using "${defaultResourceId}"`,
      ref,
    );
    return defaultResourceId;
  };
  const calls: ProviderCall[] = [];
  for (const [toolkit, slugs] of byToolkit) {
    const meta = Object.fromEntries(
      slugs.map((slug) => [slug, definedFields({ description: plan.tools[slug]?.description })]),
    );
    const listRef = `toolProviders.${providerId}.connections.${toolkit}`;
    const pinned = (plan.connections[toolkit] ?? []).map((value, index) => ({
      connection: asConnection(value),
      index,
    }));
    for (const { connection, index } of pinned) {
      if (!connection)
        warn(
          `Tool provider "${providerId}": connection ${index} of toolkit "${toolkit}" is malformed and was skipped`,
          `${listRef}.${index}`,
        );
    }
    let usable = pinned.filter(
      (item): item is { connection: PinnedConnection; index: number } => item.connection !== undefined,
    );
    if (usable.length > 1 && !capabilities.multipleConnectionsPerToolkit) {
      warn(
        `Tool provider "${providerId}" allows one connection per toolkit; only the first of "${toolkit}" is used`,
        listRef,
      );
      usable = usable.slice(0, 1);
    }
    if (usable.length === 0) {
      const authorIdentity = identity(undefined, listRef);
      calls.push({
        providerId,
        toolkit,
        slugs,
        meta,
        connection: definedFields({ ...defaultConnection, authorId: authorIdentity }),
        ref: listRef,
      });
      continue;
    }
    for (const { connection, index } of usable) {
      const ref = `${listRef}.${index}`;
      const authorIdentity = identity(connection.scope, ref);
      calls.push({
        providerId,
        toolkit,
        slugs,
        meta,
        connection: definedFields({
          kind: connection.kind,
          connectionId: connection.connectionId,
          authorId: authorIdentity,
        }),
        label: usable.length > 1 ? (connection.label ?? connection.connectionId) : undefined,
        ref,
      });
    }
  }
  return { calls, warnings };
}
