import { describe, expect, it } from 'vitest';
import { StudioApiError } from '@/lib/client';
import { cliFailure } from '@/lib/cli/failures';

/** What the CLI prints for a refusal the server answered. */
const printed = (answer: ConstructorParameters<typeof StudioApiError>[0]) =>
  cliFailure(new StudioApiError(answer))?.message;

describe('an API refusal as the CLI prints it', () => {
  it('lists every problem below the message, without the pointer to the JSON details', () => {
    const message = printed({
      status: 400,
      code: 'invalid_input',
      message: 'The import document has 2 problem(s); nothing was imported (see details.issues).',
      details: {
        issues: [
          { path: 'versions.0.snapshot.model', message: 'Required' },
          { path: 'agent.id', message: 'Agent ids are 1-64 characters' },
        ],
      },
    });
    expect(message).toBe(
      [
        'The import document has 2 problem(s); nothing was imported.',
        '- versions.0.snapshot.model: Required',
        '- agent.id: Agent ids are 1-64 characters',
      ].join('\n'),
    );
  });

  it('prints the problems of a refused publish, with and without a place', () => {
    const message = printed({
      status: 409,
      code: 'publish_blocked',
      message: 'The import would publish versions that name what is not here; nothing was imported.',
      details: {
        problems: [
          { code: 'missing_reference', path: 'agents.help.agentId', message: 'No code or stored agent with id "x"' },
          { code: 'evaluation_required', message: 'No passing evaluation' },
        ],
      },
    });
    expect(message?.split('\n').slice(1)).toEqual([
      '- agents.help.agentId: No code or stored agent with id "x"',
      '- No passing evaluation',
    ]);
  });

  it('names the options the CLI takes where the server names request fields', () => {
    const message = printed({
      status: 409,
      code: 'conflict',
      message: 'An agent with id "x" already exists; import with mode=append to add versions to it.',
      details: {
        issues: [
          {
            path: 'passphrase',
            message:
              "This backup's secrets are sealed: give its passphrase, or import withoutSecrets to leave them out",
          },
        ],
      },
    });
    expect(message).toBe(
      [
        'An agent with id "x" already exists; import with --mode append to add versions to it.',
        "- passphrase: This backup's secrets are sealed: give its passphrase (--passphrase-file), or import with --without-secrets to leave them out",
      ].join('\n'),
    );
  });
});
