import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStep, createWorkflow } from '@/lib/workflows';

const parse = createStep({
  id: 'parse',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ words: z.array(z.string()) }),
  execute: ({ inputData }) => ({ words: inputData.text.split(/\s+/).filter(Boolean) }),
});
const count = createStep({
  id: 'count',
  inputSchema: z.object({ words: z.array(z.string()) }),
  outputSchema: z.object({ total: z.number().int() }),
  execute: ({ inputData }) => ({ total: inputData.words.length }),
});

const confirm = createStep({
  id: 'confirm',
  inputSchema: z.object({ total: z.number() }),
  outputSchema: z.object({ total: z.number(), approvedBy: z.string() }),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.object({ approver: z.string().min(1) }),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      await suspend({ question: `Approve a total of ${inputData.total}?` });
      return undefined;
    }
    return { total: inputData.total, approvedBy: (resumeData as { approver: string }).approver };
  },
});

describe('workflows', () => {
  it("runs the steps in order, each step's output being the next one's input", async () => {
    const workflow = createWorkflow({
      id: 'word-count',
      description: 'Counts words',
      inputSchema: z.object({ text: z.string() }),
      outputSchema: z.object({ total: z.number() }),
      steps: [parse, count],
    });
    await expect(workflow.run({ inputData: { text: 'one two  three' }, runId: 'run-1' })).resolves.toEqual({
      status: 'success',
      runId: 'run-1',
      result: { total: 3 },
    });
  });

  it('fails with the standard validation message for bad input, a throwing step or a bad output', async () => {
    const broken = createStep({
      id: 'broken',
      inputSchema: z.object({ words: z.array(z.string()) }),
      outputSchema: z.object({ total: z.number() }),
      execute: () => {
        throw new Error('counter offline');
      },
    });
    const liar = createStep({
      id: 'liar',
      inputSchema: z.object({ words: z.array(z.string()) }),
      outputSchema: z.object({ total: z.number() }),
      execute: () => ({ total: 'many' }),
    });
    const make = (step: typeof broken | typeof liar | typeof count) =>
      createWorkflow({
        id: 'w',
        description: 'd',
        inputSchema: z.object({ text: z.string() }),
        outputSchema: z.object({ total: z.number() }),
        steps: [parse, step],
      });
    const badInput = await make(count).run({ inputData: { text: 7 } });
    expect(badInput).toMatchObject({ status: 'failed', error: { issues: [{ path: 'text' }] } });
    expect(badInput.status === 'failed' && badInput.error.message).toBe(
      'Workflow input validation failed for w. Please fix the following errors and try again:\n' +
        '- text: Invalid input: expected string, received number\n\nProvided input: {"text":7}',
    );
    await expect(make(broken).run({ inputData: { text: 'a' } })).resolves.toMatchObject({
      status: 'failed',
      error: { message: 'counter offline', step: 'broken' },
    });
    const lied = await make(liar).run({ inputData: { text: 'a' } });
    expect(lied).toMatchObject({ status: 'failed', error: { step: 'liar', issues: [{ path: 'total' }] } });
    expect(lied.status === 'failed' && lied.error.message).toMatch(/^Step output validation failed for liar\./);
  });

  it('checks at definition that each step fits the next, naming both and the field', () => {
    expect(() =>
      createWorkflow({
        id: 'mismatch',
        description: 'd',
        inputSchema: z.object({ text: z.string() }),
        outputSchema: z.object({ total: z.number() }),
        steps: [count],
      }),
    ).toThrow(
      'Workflow mismatch: the workflow input does not fit step "count": "words" is required but never produced.',
    );
    expect(() =>
      createWorkflow({
        id: 'typed',
        description: 'd',
        inputSchema: z.object({ text: z.string() }),
        outputSchema: z.object({ total: z.string() }),
        steps: [parse, count],
      }),
    ).toThrow('step "count" does not fit the workflow output: "total" is integer but string is expected');
    expect(() =>
      createWorkflow({
        id: 'empty',
        description: 'd',
        inputSchema: z.object({}),
        outputSchema: z.object({}),
        steps: [],
      }),
    ).toThrow('steps must be a non-empty list');
  });

  it('suspends, then resumes with resume data checked against the resumeSchema', async () => {
    const workflow = createWorkflow({
      id: 'approve-count',
      description: 'Counts, then asks',
      inputSchema: z.object({ text: z.string() }),
      outputSchema: z.object({ total: z.number(), approvedBy: z.string() }),
      steps: [parse, count, confirm],
    });
    const suspended = await workflow.run({ inputData: { text: 'a b' } });
    expect(suspended).toEqual({
      status: 'suspended',
      runId: suspended.runId,
      step: 'confirm',
      suspendPayload: { question: 'Approve a total of 2?' },
      stepInput: { total: 2 },
    });
    await expect(workflow.resume({ runId: suspended.runId, resumeData: { approver: '' } })).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ path: 'resumeData.approver' }] },
    });
    await expect(workflow.resume({ runId: suspended.runId, resumeData: { approver: 'Ada' } })).resolves.toEqual({
      status: 'success',
      runId: suspended.runId,
      result: { total: 2, approvedBy: 'Ada' },
    });
    await expect(workflow.resume({ runId: suspended.runId, resumeData: { approver: 'Ada' } })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
