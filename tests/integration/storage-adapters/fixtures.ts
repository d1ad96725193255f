/** Rows for the storage contract tests: whole rows, so reading one back compares every column. */
import type {
  AgentRow,
  AgentVersionRow,
  ApiKeyRow,
  McpClientRow,
  McpClientVersionRow,
  RunRow,
  UserRow,
} from '../../../db/queries';
import type { Storage } from '../../../db/storage';

export const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

export function agentRow(id: string, overrides: Partial<Omit<AgentRow, 'status'>> = {}): Omit<AgentRow, 'status'> {
  return {
    id,
    source: 'stored',
    activeVersionId: null,
    latestVersionNumber: 0,
    authorId: 'ada',
    metadata: '{"tags":["x"]}',
    publishGate: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

export function versionRow(
  agentId: string,
  versionNumber: number,
  snapshot: Record<string, unknown> = {},
): AgentVersionRow {
  return {
    id: `${agentId}-v${versionNumber}`,
    agentId,
    versionNumber,
    schemaVersion: 1,
    snapshot: JSON.stringify({ name: `${agentId} ${versionNumber}`, description: 'does things', ...snapshot }),
    configHash: `hash-${agentId}-${versionNumber}`,
    changedFields: JSON.stringify([`field${versionNumber}`]),
    changeMessage: versionNumber === 1 ? null : `change ${versionNumber}`,
    authorId: null,
    createdAt: at(versionNumber),
  };
}

/** An agent with `count` versions, its latest pointer at the last one. */
export async function agentWithVersions(storage: Storage, id: string, count: number, name?: string) {
  await storage.transaction(async () => {
    await storage.queries.agents.insert(agentRow(id, { latestVersionNumber: count }));
    for (let number = 1; number <= count; number += 1)
      await storage.queries.versions.insert(
        versionRow(id, number, number === count && name !== undefined ? { name } : {}),
      );
  });
}

export function clientRow(id: string, latestVersionNumber = 0): McpClientRow {
  return {
    id,
    latestVersionNumber,
    authorId: null,
    createdAt: at(0),
    updatedAt: at(1),
    approval: 'approved',
    internalAddresses: 'allowed',
  };
}

export function clientVersionRow(clientId: string, versionNumber: number): McpClientVersionRow {
  const { agentId: _owner, ...columns } = versionRow(clientId, versionNumber);
  return { ...columns, id: `${clientId}-c${versionNumber}`, clientId };
}

export function runRow(id: string, overrides: Partial<RunRow> = {}): RunRow {
  return {
    id,
    agentId: 'agent',
    versionId: 'agent-v1',
    versionNumber: 1,
    label: null,
    resolvedToolsHash: 'tools',
    status: 'paused',
    threadId: 'thread',
    resourceId: null,
    createdBy: null,
    messages: '[{"role":"user","content":"hi"}]',
    pending: '[]',
    requestContext: '{}',
    authToken: null,
    state: '{}',
    revision: 0,
    error: null,
    createdAt: at(0),
    updatedAt: at(0),
    finishedAt: null,
    durationMs: null,
    finishReason: null,
    inputTokens: 0,
    outputTokens: 0,
    toolCallCount: 0,
    kind: 'run',
    processId: null,
    ...overrides,
  };
}

export function apiKeyRow(id: string, overrides: Partial<ApiKeyRow> = {}): ApiKeyRow {
  return {
    id,
    name: `key ${id}`,
    scope: 'runtime',
    prefix: `as_${id}`.slice(0, 10),
    keyHash: `hash-${id}`,
    createdBy: 'user:ada@example.com',
    createdAt: at(0),
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** The sign-in library's dates: whole milliseconds, which both databases keep exactly. */
export const dateAt = (second: number) => new Date(at(second));

export function userRow(id: string, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    name: `User ${id}`,
    email: `${id}@example.com`,
    emailVerified: false,
    image: null,
    role: 'viewer',
    banned: false,
    banReason: null,
    banExpires: null,
    createdAt: dateAt(0),
    updatedAt: dateAt(0),
    ...overrides,
  };
}

export function sessionRow(id: string, userId: string) {
  return {
    id,
    token: `token-${id}`,
    userId,
    expiresAt: dateAt(59),
    ipAddress: null,
    userAgent: null,
    impersonatedBy: null,
    createdAt: dateAt(0),
    updatedAt: dateAt(0),
  };
}
