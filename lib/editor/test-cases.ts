/**
 * An agent's test cases (docs/testing-agents.md): listed, read, written and deleted, and made from a
 * finished run. Every write is audited as an action on the agent and marks the agent's cases as
 * changed in the same transaction, so "made after the test cases last changed" counts deletions too.
 */
import { randomUUID } from 'node:crypto';
import type { TestCaseRow } from '../../db/queries';
import { definedFields } from '../defined-fields';
import { StudioError } from '../errors';
import { readPageByTimeId, type Page, type PageRequest } from '../pagination';
import { conversationOfRun, defaultExpectations } from '../evaluation';
import { authTokenKey } from '../resolver';
import {
  createTestCaseBodySchema,
  testCaseFromRunBodySchema,
  updateTestCaseBodySchema,
  type CreateTestCaseBody,
  type TestCase,
  type UpdateTestCaseBody,
} from '../schemas';
import { canonicalJson } from '../versions';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { existingAgent } from './not-found';
import { parseInput } from './parse-input';
import type { ReadRun } from './run-reader';

export interface TestCasesService {
  /** Every case of the agent, oldest first (an evaluation runs them all). */
  list(agentId: string): Promise<{ items: TestCase[]; nextCursor: null }>;
  /** One page of the cases, oldest first by (createdAt, id) (`limit` default 20, `cursor` the previous `nextCursor`). */
  page(agentId: string, request?: PageRequest): Promise<Page<TestCase>>;
  get(agentId: string, caseId: string): Promise<TestCase>;
  create(request: { agentId: string; body: CreateTestCaseBody; actor?: string }): Promise<TestCase>;
  update(request: { agentId: string; caseId: string; body: UpdateTestCaseBody; actor?: string }): Promise<TestCase>;
  delete(request: { agentId: string; caseId: string; actor?: string }): Promise<{ deleted: true }>;
  /** A case made from a finished run, for the run's agent (`agentId`, when given, must be it). */
  fromRun(request: { runId: string; body: { name: string }; agentId?: string; actor?: string }): Promise<TestCase>;
  /** When the agent's cases were last created, changed or deleted; null when never. */
  changedAt(agentId: string): Promise<string | null>;
}

const testCaseNotFound = (agentId: string, caseId: string) =>
  new StudioError('not_found', `Agent "${agentId}" has no test case "${caseId}".`, { agentId, testCaseId: caseId });

const runNotFound = (runId: string) => new StudioError('not_found', `Run "${runId}" does not exist.`, { runId });

export function testCaseOfRow(row: TestCaseRow): TestCase {
  return definedFields({
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    input: JSON.parse(row.input) as TestCase['input'],
    requestContext: JSON.parse(row.requestContext) as TestCase['requestContext'],
    expectations: JSON.parse(row.expectations) as TestCase['expectations'],
    recording: row.recording === null ? undefined : (JSON.parse(row.recording) as TestCase['recording']),
    replay: row.replay === null ? undefined : (JSON.parse(row.replay) as TestCase['replay']),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

type CaseFields = Pick<TestCase, 'name' | 'input' | 'requestContext' | 'expectations' | 'recording' | 'replay'>;

/**
 * The stored columns of a case's fields (absent parts as null). The conversation and the recording
 * keep their keys in the order given: a replay hands a recorded result to the model as text, and the
 * model must read what it read in the run, not the same object with its keys sorted.
 */
function columnsOf(fields: CaseFields) {
  return {
    name: fields.name,
    input: JSON.stringify(fields.input),
    requestContext: canonicalJson(fields.requestContext),
    expectations: canonicalJson(fields.expectations),
    recording: fields.recording === undefined ? null : JSON.stringify(fields.recording),
    replay: fields.replay === undefined ? null : canonicalJson(fields.replay),
    fromRunId: fields.recording?.fromRunId ?? null,
  };
}

/** Inside the caller's transaction: a new case of an existing agent, its cases marked changed. */
export async function insertTestCase(
  context: EditorContext,
  { agentId, fields, at }: { agentId: string; fields: CaseFields; at?: { createdAt: string; updatedAt: string } },
): Promise<TestCase> {
  const now = context.now();
  const row: TestCaseRow = {
    id: randomUUID(),
    agentId,
    ...columnsOf(fields),
    createdAt: at?.createdAt ?? now,
    updatedAt: at?.updatedAt ?? now,
  };
  await context.testCases.insert(row);
  await context.testCases.markChanged({ agentId, changedAt: now });
  return testCaseOfRow(row);
}

async function createTestCase(
  context: EditorContext,
  { agentId, fields, actor, details = {} }: { agentId: string; fields: CaseFields; actor: string; details?: object },
): Promise<TestCase> {
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const created = await insertTestCase(context, { agentId, fields });
    await recordAudit(context, {
      actor,
      action: 'agent.test_case.create',
      entityId: agentId,
      details: { testCaseId: created.id, name: created.name, ...details },
    });
    return created;
  });
}

async function updateTestCase(
  context: EditorContext,
  { agentId, caseId, body, actor }: { agentId: string; caseId: string; body: UpdateTestCaseBody; actor: string },
): Promise<TestCase> {
  const changes = parseInput(updateTestCaseBodySchema, body);
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const row = await context.testCases.get(agentId, caseId);
    if (!row) throw testCaseNotFound(agentId, caseId);
    const current = testCaseOfRow(row);
    const { recording, replay, ...rest } = changes;
    const fields: CaseFields = {
      ...current,
      ...rest,
      recording: recording === undefined ? current.recording : (recording ?? undefined),
      replay: replay === undefined ? current.replay : (replay ?? undefined),
    };
    // Nothing changes, so nothing is written: the agent's evaluations still speak for its cases.
    if (canonicalJson(fields) === canonicalJson(current)) return current;
    const now = context.now();
    await context.testCases.update({ id: caseId, ...columnsOf(fields), updatedAt: now });
    await context.testCases.markChanged({ agentId, changedAt: now });
    await recordAudit(context, {
      actor,
      action: 'agent.test_case.update',
      entityId: agentId,
      details: { testCaseId: caseId, changed: Object.keys(changes).sort() },
    });
    return testCaseOfRow((await context.testCases.get(agentId, caseId))!);
  });
}

async function deleteTestCase(
  context: EditorContext,
  { agentId, caseId, actor }: { agentId: string; caseId: string; actor: string },
): Promise<{ deleted: true }> {
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const row = await context.testCases.get(agentId, caseId);
    if (!row || !(await context.testCases.delete(agentId, caseId))) throw testCaseNotFound(agentId, caseId);
    await context.testCases.markChanged({ agentId, changedAt: context.now() });
    await recordAudit(context, {
      actor,
      action: 'agent.test_case.delete',
      entityId: agentId,
      details: { testCaseId: caseId, name: row.name },
    });
    return { deleted: true as const };
  });
}

/** The run's request context as a case keeps it: never the caller's MCP token. */
function storedContext(requestContext: Record<string, unknown>): Record<string, unknown> {
  const { [authTokenKey]: _token, ...rest } = requestContext;
  return rest;
}

/** A case's fields from a finished run of `agentId` (when given); 404 and 409 as the API answers. */
async function fieldsFromRun(
  readRun: ReadRun | undefined,
  { runId, name, agentId }: { runId: string; name: string; agentId?: string },
): Promise<{ agentId: string; fields: CaseFields }> {
  const run = readRun ? await readRun(runId) : undefined;
  if (!run) throw runNotFound(runId);
  if (agentId !== undefined && run.agentId !== agentId)
    throw new StudioError('not_found', `Run "${runId}" is not a run of agent "${agentId}".`, { runId, agentId });
  if (run.status !== 'finished')
    throw new StudioError(
      'conflict',
      `Run "${runId}" is ${run.status}; only a finished run can be saved as a test case.`,
      { runId, status: run.status },
    );
  const { input, toolCalls, answer } = conversationOfRun(run.messages);
  return {
    agentId: run.agentId,
    fields: {
      name,
      input,
      requestContext: storedContext(run.requestContext),
      expectations: defaultExpectations(toolCalls),
      recording: {
        toolCalls,
        answer,
        clientTools: Object.keys(run.clientTools).length === 0 ? undefined : structuredClone(run.clientTools),
        fromRunId: run.runId,
        versionNumber: run.versionNumber ?? undefined,
      },
      replay: undefined,
    },
  };
}

export function createTestCasesService(context: EditorContext): TestCasesService {
  return {
    async list(agentId) {
      await existingAgent(context, agentId);
      return { items: (await context.testCases.list(agentId)).map(testCaseOfRow), nextCursor: null };
    },
    async page(agentId, request) {
      await existingAgent(context, agentId);
      return readPageByTimeId({
        request,
        first: { time: '', id: '' },
        read: ({ time, id }, limit) => context.testCases.page({ agentId, after: { createdAt: time, id }, limit }),
        keyOf: (row) => ({ time: row.createdAt, id: row.id }),
        toItem: testCaseOfRow,
      });
    },
    async get(agentId, caseId) {
      await existingAgent(context, agentId);
      const row = await context.testCases.get(agentId, caseId);
      if (!row) throw testCaseNotFound(agentId, caseId);
      return testCaseOfRow(row);
    },
    create: async ({ agentId, body, actor = defaultActor }) =>
      createTestCase(context, { agentId, fields: parseInput(createTestCaseBodySchema, body), actor }),
    update: async ({ agentId, caseId, body, actor = defaultActor }) =>
      updateTestCase(context, { agentId, caseId, body, actor }),
    delete: async ({ agentId, caseId, actor = defaultActor }) => deleteTestCase(context, { agentId, caseId, actor }),
    async fromRun({ runId, body, agentId, actor = defaultActor }) {
      const { name } = parseInput(testCaseFromRunBodySchema, body);
      const made = await fieldsFromRun(context.readRun, { runId, name, agentId });
      return createTestCase(context, { ...made, actor, details: { fromRunId: runId } });
    },
    changedAt: async (agentId) => (await context.testCases.changedAt(agentId)) ?? null,
  };
}
