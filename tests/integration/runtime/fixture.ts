/**
 * Studios for run tests: real SQLite files, tools with side effects the tests can see, and a
 * scripted model registered under `test/scripted`. `reopen()` starts a new studio on the same
 * database file (a restart), with a fresh script for what the model says next.
 */
import { z } from 'zod';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { createTestStudio } from '@/tests/support/studio';

export function runTools(executed: string[]) {
  const transfer = createTool({
    id: 'transfer',
    description: 'Moves money between accounts',
    inputSchema: z.object({ to: z.string(), amount: z.number() }),
    requireApproval: true,
    execute: async ({ to, amount }) => {
      executed.push(`transfer ${to} ${amount}`);
      return { ok: true, to, amount };
    },
  });
  const book = createTool({
    id: 'book',
    description: 'Books a hotel after asking for the nights',
    inputSchema: z.object({ hotel: z.string() }),
    resumeSchema: z.object({ nights: z.number().int().min(1) }),
    execute: async ({ hotel }, context) => {
      const resumeData = context.agent?.resumeData as { nights: number } | undefined;
      if (!resumeData) {
        await context.agent?.suspend({ question: `How many nights at ${hotel}?` });
        return undefined;
      }
      executed.push(`book ${hotel} ${resumeData.nights}`);
      return { booked: hotel, nights: resumeData.nights };
    },
  });
  const weather = createTool({
    id: 'weather',
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 7 }),
  });
  return { [transfer.id]: transfer, [book.id]: book, [weather.id]: weather };
}

export async function createRunStudio(steps: ScriptedStep[]) {
  const executed: string[] = [];
  let model: ScriptedModel = createScriptedModel({ steps });
  const test = await createTestStudio({ tools: runTools(executed), models: { 'test/scripted': model } });
  const studios = [test.studio];
  return {
    ...test,
    executed,
    model: () => model,
    /** A new studio on the same database, as after a restart; the old one is closed first. */
    async reopen(nextSteps: ScriptedStep[]) {
      await studios.at(-1)!.close();
      return this.alongside(nextSteps);
    },
    /** Another studio on the same database while this one runs, as a second instance behind a load balancer. */
    async alongside(nextSteps: ScriptedStep[]) {
      model = createScriptedModel({ steps: nextSteps });
      const studio = await createStudio({
        logger: silentLogger,
        ...test.reopen,
        settings: { mode: 'test', ...test.reopen.settings },
        tools: runTools(executed),
        models: { 'test/scripted': model },
      });
      studios.push(studio);
      return studio;
    },
    async cleanup() {
      for (const studio of studios) await studio.close();
      await test.cleanup();
    },
  };
}

export const storedAgent = {
  id: 'banker',
  name: 'Banker',
  model: 'test/scripted',
  instructions: 'You move money for {{user || "a customer"}}.',
  tools: { transfer: {}, book: {}, weather: {} },
};

/** Parses a Server-Sent Events body into `{ event, data }` pairs, checking the framing on the way. */
export function parseEventStream(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length);
      if (event === undefined || data === undefined) throw new Error(`Malformed event block: ${JSON.stringify(block)}`);
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}
