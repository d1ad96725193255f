import { describe, expect, it } from 'vitest';
import { operationPath } from '@/lib/client';

describe('operationPath', () => {
  it("fills the route's path parameters, encoded, under /api", () => {
    expect(operationPath('approveRun', { runId: 'run 1/2' })).toBe('/api/runs/run%201%2F2/approve');
    expect(operationPath('streamAgent', { id: 'support' })).toBe('/api/agents/support/stream');
    expect(operationPath('getTestCase', { id: 'support', caseId: 'c1' })).toBe('/api/agents/support/test-cases/c1');
    expect(operationPath('listAgents', undefined)).toBe('/api/agents');
  });

  it('refuses a missing parameter rather than sending a request to the wrong address', () => {
    expect(() => operationPath('resumeRun', { runId: '' })).toThrow('The path parameter "runId" is missing');
  });
});
