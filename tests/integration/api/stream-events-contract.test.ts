/**
 * The events of a streamed run as the OpenAPI document says: a run with a tool call (its input
 * streamed), its result, a step per model call and a finish is streamed, and each event's data is
 * checked against the document's `RunEvent` schema (ajv, draft 2020-12).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertUnitsTool } from '@/lib/demo-tools';
import { createScriptedModel } from '../../support/scripted-model';
import { createAndPublish, createTestStudio, jsonRequest } from '../../support/studio';
import { parseEventStream } from '../runtime/fixture';

const documentId = 'https://studio.test/openapi.json';
let context: Awaited<ReturnType<typeof createTestStudio>>;
let validateEvent: ReturnType<Ajv2020['compile']>;

beforeAll(async () => {
  const model = createScriptedModel({
    respond: (_call, callIndex) =>
      callIndex === 0
        ? {
            toolCalls: [{ toolName: 'convert-units', input: { value: 10, from: 'km', to: 'mi' } }],
          }
        : { text: 'Ten kilometres is about 6.2 miles.' },
  });
  context = await createTestStudio({
    models: { 'test/scripted': model },
    tools: { 'convert-units': convertUnitsTool },
  });
  await createAndPublish(context.studio, {
    id: 'converter',
    name: 'Converter',
    model: 'test/scripted',
    instructions: 'Convert.',
    tools: { 'convert-units': {} },
  });
  const response = await context.studio.api.request('http://127.0.0.1:4321/api/openapi.json');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...(await response.json()), $id: documentId });
  validateEvent = ajv.compile({ $ref: `${documentId}#/components/schemas/RunEvent` });
});
afterAll(() => context?.cleanup());

const problemsOf = (events: ReturnType<typeof parseEventStream>) =>
  events.flatMap((event) =>
    validateEvent(event.data) ? [] : [`${event.event}: ${JSON.stringify(validateEvent.errors)}`],
  );

describe('the events of a streamed run', () => {
  it('each match the document, one schema per event type', async () => {
    const response = await context.studio.api.request(
      '/api/agents/converter/stream',
      jsonRequest('POST', { prompt: 'How far is 10 km in miles?' }),
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = parseEventStream(await response.text());
    expect([...new Set(events.map((event) => event.event))]).toEqual(
      expect.arrayContaining(['start', 'tool-call', 'tool-result', 'step-finish', 'text-delta', 'finish']),
    );
    expect(problemsOf(events)).toEqual([]);
  });

  it("refuses an event whose data does not fit its type's schema", () => {
    expect(validateEvent({ type: 'text-delta', runId: 'r', payload: { text: 5 } })).toBe(false);
    expect(validateEvent({ type: 'finish', runId: 'r', payload: {} })).toBe(false);
    expect(
      validateEvent({ type: 'data-progress', runId: 'r', payload: { toolCallId: 'c', toolName: 't', data: 1 } }),
    ).toBe(true);
  });
});
