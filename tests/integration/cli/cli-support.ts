/** Running the CLI in process against a studio served over real HTTP on a loopback port. */
import { serve, type ServerType } from '@hono/node-server';
import { runCli } from '@/lib/cli';
import type { StudioOptions } from '@/lib';
import { createTestStudio } from '../../support/studio';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** What was drawn on a terminal's stderr (progress lines). */
  terminal: string;
}

export async function runCapturing(
  argv: string[],
  {
    environment = {},
    terminal = false,
    stdin = '',
  }: {
    environment?: Record<string, string | undefined>;
    terminal?: boolean;
    /** What the command reads from stdin. */
    stdin?: string;
  } = {},
): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let drawn = '';
  const code = await runCli(argv, {
    io: {
      stdout: (text) => stdout.push(text.replace(/\n$/, '')),
      stderr: (text) => stderr.push(text.replace(/\n$/, '')),
      stderrIsTerminal: terminal,
      stderrRaw: (text) => (drawn += text),
      readStdin: () => Promise.resolve(stdin),
    },
    environment,
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n'), terminal: drawn };
}

/** A studio on a temp SQLite file, served on 127.0.0.1; `run(...argv)` runs the CLI against it. */
export async function servedStudio(options: StudioOptions = {}) {
  const context = await createTestStudio(options);
  let server: ServerType | undefined;
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  return {
    ...context,
    url,
    run: (...argv: string[]) => runCapturing(argv, { environment: { STUDIO_URL: url } }),
    async close() {
      await new Promise((resolve) => server!.close(resolve));
      await context.cleanup();
    },
  };
}
