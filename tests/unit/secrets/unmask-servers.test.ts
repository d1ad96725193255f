import { describe, expect, it } from 'vitest';
import { StudioError } from '@/lib/errors';
import { unmaskServers } from '@/lib/editor/mcp-client-secrets';
import type { McpClientSnapshot } from '@/lib/schemas/mcp-client-snapshot';

const token = 'ghp_stored-token-abcd';
const stored: McpClientSnapshot['servers'] = {
  gh: {
    type: 'stdio',
    command: 'npx',
    args: ['-y', '@scope/github'],
    env: { GITHUB_TOKEN: token, GITHUB_ORG: 'acme' },
  },
};

const submitted = (changes: Partial<{ command: string; args: string[]; env: Record<string, string> }>) => ({
  gh: {
    type: 'stdio' as const,
    command: 'npx',
    args: ['-y', '@scope/github'],
    env: { GITHUB_TOKEN: '••••abcd', GITHUB_ORG: 'acme' },
    ...changes,
  },
});

const refusal = (servers: McpClientSnapshot['servers']) => {
  try {
    unmaskServers({ submitted: servers, stored });
  } catch (error) {
    if (error instanceof StudioError) return error.details;
    throw error;
  }
  return undefined;
};

describe('a masked env secret sent back', () => {
  it('keeps the stored secret while command, arguments and env names are unchanged (values of others may change)', () => {
    const servers = unmaskServers({
      submitted: submitted({ env: { GITHUB_ORG: 'other', GITHUB_TOKEN: '••••abcd' } }),
      stored,
    });
    expect(servers.gh).toMatchObject({ env: { GITHUB_TOKEN: token, GITHUB_ORG: 'other' } });
  });

  it.each([
    ['the command changes', { command: 'uvx' }],
    ['the arguments change', { args: ['-y', '@evil/package'] }],
    [
      'an env name is added',
      { env: { GITHUB_TOKEN: '••••abcd', GITHUB_ORG: 'acme', GITHUB_API_URL: 'https://x.example' } },
    ],
    ['an env name is removed', { env: { GITHUB_TOKEN: '••••abcd' } }],
    ['an env name is renamed', { env: { GITHUB_TOKEN: '••••abcd', GITHUB_USER: 'acme' } }],
  ])('is refused when %s, naming the secret to enter again', (_case, changes) => {
    expect(refusal(submitted(changes))).toEqual({
      issues: [{ path: 'servers.gh.env.GITHUB_TOKEN', message: expect.stringMatching(/enter this secret again/) }],
    });
  });
});
