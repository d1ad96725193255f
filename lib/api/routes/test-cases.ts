/**
 * An agent's test cases (docs/testing-agents.md): list (paged), create, read, change and delete them under
 * the agent, and save a finished run as one (`POST /runs/{runId}/test-case`). Reads need `runtime`
 * like other reads of an agent; writes need `editor`.
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import {
  createTestCaseBodySchema,
  expectationSchema,
  recordingSchema,
  testCaseFromRunBodySchema,
  testCaseInputSchema,
  updateTestCaseBodySchema,
} from '../../schemas';
import type { ApiApp } from '../app';
import { pageRequestOf } from '../pagination';
import { requestActor } from '../request-principal';
import { jsonRoutes, pathParam, requiredBody } from '../schemas';
import { agentIdParams, deletedSchema } from './agents-schemas';
import { runIdParams } from './run-schemas';

const route = jsonRoutes('test-cases');

const caseParams = agentIdParams.extend({
  caseId: pathParam({ name: 'caseId', max: 100, example: '0190c1a4-5a2b-7c3d-8e9f-0a1b2c3d4e5f' }),
});

export const testCaseSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    name: z.string(),
    input: testCaseInputSchema,
    requestContext: z.record(z.string(), z.unknown()),
    expectations: z.array(expectationSchema),
    recording: recordingSchema.optional(),
    replay: z.object({ liveReadOnlyTools: z.boolean() }).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('TestCase');

const exampleCase = {
  name: 'Weather in Paris',
  input: { prompt: 'What is the weather in Paris?' },
  expectations: [
    { type: 'toolCalled', tool: 'get_weather', args: { city: 'Paris' } },
    { type: 'answerIncludes', text: 'Paris' },
  ],
};

export const listRoute = route.page('/agents/{id}/test-cases', 'listTestCases', {
  summary: "The agent's test cases, oldest first (by creation time, then id)",
  params: agentIdParams,
  items: ['the test cases', testCaseSchema],
});

export const createRoute = route('post', '/agents/{id}/test-cases', 'createTestCase', {
  summary: 'Add a test case: an input, its request context and the expectations a good answer meets',
  request: {
    params: agentIdParams,
    body: requiredBody(createTestCaseBodySchema, exampleCase),
  },
  status: 201,
  ok: ['Created', testCaseSchema],
  errors: [400, 404],
});

export const getRoute = route('get', '/agents/{id}/test-cases/{caseId}', 'getTestCase', {
  summary: 'One test case',
  request: { params: caseParams },
  ok: ['The test case', testCaseSchema],
  errors: [404],
});

export const updateRoute = route('patch', '/agents/{id}/test-cases/{caseId}', 'updateTestCase', {
  summary: 'Change a test case: the fields given replace the stored ones (null removes the recording or replay)',
  request: {
    params: caseParams,
    body: requiredBody(updateTestCaseBodySchema, { expectations: [{ type: 'toolNotCalled', tool: 'send_email' }] }),
  },
  ok: ['The changed test case', testCaseSchema],
  errors: [400, 404],
});

export const deleteRoute = route('delete', '/agents/{id}/test-cases/{caseId}', 'deleteTestCase', {
  summary: 'Delete a test case',
  request: { params: caseParams },
  ok: ['Deleted', deletedSchema],
  errors: [404],
});

export const fromRunRoute = route('post', '/runs/{runId}/test-case', 'createTestCaseFromRun', {
  summary: 'Save a finished run as a test case of its agent: its input, request context, tool calls and answer',
  description:
    'The recording holds each tool call with the arguments the model gave and the result it read; the first ' +
    'expectations are a call to each tool it called and no other tool. 404 when the run or its agent does not ' +
    'exist; 409 when the run is not finished.',
  request: {
    params: runIdParams,
    body: requiredBody(testCaseFromRunBodySchema, { name: 'Weather in Paris' }),
  },
  status: 201,
  ok: ['Created', testCaseSchema],
  errors: [400, 404, 409],
});

export function registerTestCaseRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  const cases = editor.testCases;
  app.openapi(listRoute, async (context) =>
    context.json(await cases.page(context.req.valid('param').id, pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(createRoute, async (context) => {
    const { id } = context.req.valid('param');
    const body = context.req.valid('json');
    return context.json(await cases.create({ agentId: id, body, actor: requestActor(context) }), 201);
  });
  app.openapi(getRoute, async (context) => {
    const { id, caseId } = context.req.valid('param');
    return context.json(await cases.get(id, caseId), 200);
  });
  app.openapi(updateRoute, async (context) => {
    const { id, caseId } = context.req.valid('param');
    const body = context.req.valid('json');
    return context.json(await cases.update({ agentId: id, caseId, body, actor: requestActor(context) }), 200);
  });
  app.openapi(deleteRoute, async (context) => {
    const { id, caseId } = context.req.valid('param');
    return context.json(await cases.delete({ agentId: id, caseId, actor: requestActor(context) }), 200);
  });
  app.openapi(fromRunRoute, async (context) => {
    const { runId } = context.req.valid('param');
    const body = context.req.valid('json');
    return context.json(await cases.fromRun({ runId, body, actor: requestActor(context) }), 201);
  });
}
