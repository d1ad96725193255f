import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/lib/cli';
import testStudioConfig from '@/tests/support/test-studio-config';
import { createAndPublish, createTestStudio } from '../../support/studio';

async function cli(argv: string[], environment: Record<string, string | undefined>) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let written = '';
  const code = await runCli(argv, {
    io: {
      stdout: (text) => {
        written += text.endsWith('\n') ? text : `${text}\n`;
        stdout.push(text);
      },
      stderr: (text) => stderr.push(text),
      write: (text) => (written += text),
    },
    environment,
  });
  return { code, output: written, stderr: stderr.join('\n') };
}

describe('agent-studio agent run', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let server: ServerType;
  let url: string;
  const run = (...argv: string[]) => cli(argv, { STUDIO_URL: url });

  beforeAll(async () => {
    context = await createTestStudio(testStudioConfig);
    await createAndPublish(context.studio, {
      id: 'cli-runner',
      name: 'CLI runner',
      model: 'test/scripted',
      instructions: 'Help {{user || "someone"}}.',
      tools: { 'convert-units': {} },
    });
    url = await new Promise<string>((resolve) => {
      server = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await context.cleanup();
  });

  it('prints the streamed text and each tool call and result on its own line', async () => {
    const { code, output, stderr } = await run(
      'agent',
      'run',
      'cli-runner',
      '--prompt',
      'Convert [[call convert-units {"value":1,"from":"mi","to":"km"}]]',
      '--context',
      '{"user":"Ada"}',
    );
    expect([code, stderr]).toEqual([0, '']);
    const lines = output.trimEnd().split('\n');
    expect(lines[0]).toBe('→ convert-units {"value":1,"from":"mi","to":"km"}');
    expect(lines[1]).toMatch(/^← convert-units \{.*1\.609/);
    expect(lines[2]).toMatch(/^Tool results: convert-units -> \{/);
  });

  it('prints plain answers as they stream', async () => {
    const { code, output } = await run('agent', 'run', 'cli-runner', '--prompt', 'Hello CLI');
    expect(code).toBe(0);
    expect(output).toBe('You said: Hello CLI\n');
  });

  it('prints a call the agent cannot make as a failed call', async () => {
    await createAndPublish(context.studio, {
      id: 'cli-paused',
      name: 'Paused',
      model: 'test/scripted',
      instructions: 'x',
    });
    const { code, output } = await run('agent', 'run', 'cli-paused', '--prompt', 'Go [[call missing {}]]');
    expect(code).toBe(0);
    expect(output).toContain('✗ missing {"message":"Tool \\"missing\\" not found. Available tools: "}');
  });

  it('runs the version a selector names instead of the published one', async () => {
    await context.studio.editor.agents.update({
      id: 'cli-runner',
      baseVersionNumber: 1,
      instructions: 'Help the draft way.',
    });
    const draft = await run('agent', 'run', 'cli-runner', '--prompt', 'Draft?', '--status', 'draft');
    expect([draft.code, draft.output]).toEqual([0, 'You said: Draft?\n']);
    const missing = await run('agent', 'run', 'cli-runner', '--prompt', 'x', '--version', '9');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/version 9/i);
    const both = await run('agent', 'run', 'cli-runner', '--prompt', 'x', '--version', '1', '--status', 'draft');
    expect([both.code, both.stderr]).toEqual([1, 'Give at most one of --version, --label and --status.']);
  });

  it('fails with exit code 1 naming the variable to set when the model provider has no key', async () => {
    await createAndPublish(context.studio, {
      id: 'cli-keyless',
      name: 'Keyless',
      model: 'openai/gpt-4o-mini',
      instructions: 'x',
    });
    const { code, output, stderr } = await run('agent', 'run', 'cli-keyless', '--prompt', 'Hi');
    expect([code, output]).toEqual([1, '']);
    expect(stderr).toContain('OPENAI_API_KEY');
  });

  it('fails with exit code 1 and the problems for bad input', async () => {
    expect((await run('agent', 'run', 'cli-runner')).stderr).toContain('Missing --prompt.');
    expect((await run('agent', 'run', 'cli-runner', '--prompt', 'x', '--context', '[1]')).code).toBe(1);
    const unknown = await run('agent', 'run', 'nobody', '--prompt', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody');
  });

  it('exits 2 with how to start the server when none answers', async () => {
    const { code, stderr } = await cli(['agent', 'run', 'x', '--prompt', 'y'], { STUDIO_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(2);
    expect(stderr).toContain('Start it with `npm start`');
  });
});
