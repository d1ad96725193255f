import { describe, expect, it, vi } from 'vitest';
import {
  createTool,
  executePreparedToolCall,
  freezeRequestContext,
  prepareToolCall,
  type AgentToolContext,
  type ToolExecution,
  type ToolExecutionContext,
  type ToolObserve,
  type WorkflowToolContext,
} from '@/lib/tools';
import { schemaKinds, validOrder } from './schema-fixtures';

const completeOrder = { ...validOrder, priority: 'low' };

function agentContext(overrides: Partial<AgentToolContext> = {}): AgentToolContext {
  return { agentId: 'agent-1', toolCallId: 'call-1', messages: [], suspend: vi.fn(), ...overrides };
}

function workflowContext(overrides: Partial<WorkflowToolContext> = {}): WorkflowToolContext {
  return { workflowId: 'wf-1', runId: 'run-1', state: {}, setState: vi.fn(), suspend: vi.fn(), ...overrides };
}

function messageOf(result: ToolExecution): string {
  expect(result).toMatchObject({ status: 'invalid', error: { error: true, validationErrors: expect.any(Array) } });
  if (result.status !== 'invalid') throw new Error(`expected a validation error, got ${JSON.stringify(result)}`);
  return result.error.message;
}

describe.each(schemaKinds)('the tool steps of a call with $library schemas', ({ order, options, tenant }) => {
  describe('request context (step 2)', () => {
    const seen: ToolExecutionContext[] = [];
    const tool = createTool({
      id: 'tenant-tool',
      description: 'Reads the tenant',
      inputSchema: options,
      requestContextSchema: tenant,
      execute: (_input, context) => (seen.push(context), 'done'),
    });

    it('answers an invalid request context with the request-context message, without executing', async () => {
      seen.length = 0;
      const message = messageOf(await tool.execute!({}, { requestContext: { plan: 'gold' } }));
      expect(message).toMatch(
        /^Request context validation failed for tenant-tool\. Please fix the following errors and try again:\n/,
      );
      expect(message).toMatch(/\n- tenantId: /);
      expect(message).toMatch(/\n\nProvided request context: \{"plan":"gold"\}$/);
      expect(seen).toHaveLength(0);
    });

    it('gives execute the validated request context, frozen', async () => {
      seen.length = 0;
      expect(await tool.execute!({}, { requestContext: { tenantId: 'acme' } })).toEqual({
        status: 'output',
        output: 'done',
      });
      expect(seen[0]!.requestContext).toEqual({ tenantId: 'acme', plan: 'free' });
      expect(Object.isFrozen(seen[0]!.requestContext)).toBe(true);
    });
  });

  describe('resume data (step 5)', () => {
    const tool = createTool({
      id: 'resumable',
      description: 'Resumes',
      inputSchema: order,
      resumeSchema: order,
      execute: (input, context) => ({ input, resumeData: context.agent?.resumeData ?? context.workflow?.resumeData }),
    });

    it('skips input validation on resume (the input was validated before the pause)', async () => {
      const result = await tool.execute!({ partial: true }, { agent: agentContext({ resumeData: validOrder }) });
      expect(result).toEqual({ status: 'output', output: { input: { partial: true }, resumeData: completeOrder } });
    });

    it.each([
      ['an agent', (resumeData: unknown) => ({ agent: agentContext({ resumeData }) })],
      ['a workflow', (resumeData: unknown) => ({ workflow: workflowContext({ resumeData }) })],
    ])('validates the resume data of %s, giving execute the validated value', async (_owner, contextFor) => {
      expect(await tool.execute!(validOrder, contextFor(validOrder))).toEqual({
        status: 'output',
        output: { input: validOrder, resumeData: completeOrder },
      });
      const message = messageOf(await tool.execute!(validOrder, contextFor({ customer: 'Ada' })));
      expect(message).toMatch(
        /^Tool resume data validation failed for resumable\. .*\n- items: .*\n\nProvided resume data: \{"customer":"Ada"\}$/s,
      );
    });
  });

  describe('suspend payload and output (step 8)', () => {
    const tool = createTool({
      id: 'suspender',
      description: 'Suspends or answers',
      inputSchema: options,
      suspendSchema: order,
      outputSchema: order,
      execute: async (input: { verbose?: boolean; limit?: number }, context) => {
        if (input.verbose) {
          await context.agent!.suspend(input.limit === 1 ? validOrder : { customer: 'Ada' });
          return { suspended: true };
        }
        return input.limit === 1 ? validOrder : { customer: 42 };
      },
    });

    it('passes a valid suspend payload on, validated, and skips output validation', async () => {
      const agent = agentContext();
      expect(await tool.execute!({ verbose: true, limit: 1 }, { agent })).toEqual({
        status: 'suspended',
        payload: completeOrder,
        output: { suspended: true },
      });
      expect(agent.suspend).toHaveBeenCalledWith(completeOrder);
    });

    it('answers an invalid suspend payload with the suspension message and does not pause', async () => {
      const agent = agentContext();
      const message = messageOf(await tool.execute!({ verbose: true }, { agent }));
      expect(message).toMatch(
        /^Tool suspension data validation failed for suspender\. .*\n- items: .*\n\nProvided suspension data: \{"customer":"Ada"\}$/s,
      );
      expect(agent.suspend).not.toHaveBeenCalled();
    });

    it('validates the output, answering the validated value', async () => {
      expect(await tool.execute!({ limit: 1 })).toEqual({ status: 'output', output: completeOrder });
    });

    it('answers an invalid output with the output message', async () => {
      const message = messageOf(await tool.execute!({}));
      expect(message).toMatch(
        /^Tool output validation failed for suspender\. .*\n- customer: .*\n\nReturned output: \{"customer":42\}$/s,
      );
    });
  });
});

describe('the execution context', () => {
  const captured: ToolExecutionContext[] = [];
  const tool = createTool({
    id: 'context-probe',
    description: 'Captures its context',
    execute: (_input, context) => (captured.push(context), null),
  });
  const lastContext = async (contextInput?: Parameters<NonNullable<typeof tool.execute>>[1]) => {
    await tool.execute!({}, contextInput);
    return captured.at(-1)!;
  };

  it('always has a frozen request context, a live abort signal and a no-op observe', async () => {
    const context = await lastContext();
    expect(context.requestContext).toEqual({});
    expect(Object.isFrozen(context.requestContext)).toBe(true);
    expect(context.abortSignal.aborted).toBe(false);
    expect(context.observe.span('step', () => 41 + 1)).toBe(42);
    expect(() => context.observe.log('info', 'hello')).not.toThrow();
    expect(['agent', 'workflow', 'mcp'].filter((key) => key in context)).toEqual([]);
  });

  it('passes the agent, workflow, mcp and observe it was given', async () => {
    const observe: ToolObserve = { span: (_name, run) => run(observe), log: vi.fn() };
    const mcp = { elicitation: { sendRequest: vi.fn() } };
    const context = await lastContext({ agent: agentContext(), workflow: workflowContext(), mcp, observe });
    expect(context.agent?.agentId).toBe('agent-1');
    expect(context.workflow?.workflowId).toBe('wf-1');
    expect(context.mcp).toBe(mcp);
    expect(context.observe).toBe(observe);
  });

  it("freezes a copy of the request context deeply, leaving the caller's object alone", async () => {
    const requestContext = { tenantId: 'acme', user: { roles: ['admin'] } };
    const context = await lastContext({ requestContext });
    expect(() => ((context.requestContext.user as { roles: string[] }).roles as string[]).push('x')).toThrow(TypeError);
    expect(() => ((context.requestContext as Record<string, unknown>).tenantId = 'other')).toThrow(TypeError);
    expect(Object.isFrozen(requestContext)).toBe(false);
  });

  it('copies JSON-shaped and other cloneable contexts alike: equal to a structured clone, frozen at every level', () => {
    const date = new Date('2026-12-01T00:00:00Z');
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const withProto = JSON.parse('{"__proto__": {"polluted": true}, "plain": [1, null, "x", true]}') as Record<
      string,
      unknown
    >;
    const contexts: Array<Record<string, unknown>> = [
      { tenantId: 'acme', user: { roles: ['admin', 'ops'], limits: { daily: 3.5, unset: null } }, flag: false },
      Object.assign(Object.create(null) as Record<string, unknown>, { bare: { list: [[1], [2, [3]]] } }),
      { when: date, tags: new Map([['a', 1]]) },
      cyclic,
      withProto,
    ];
    for (const requestContext of contexts) {
      const frozen = freezeRequestContext(requestContext);
      expect(frozen).not.toBe(requestContext);
      expect(frozen).toEqual(structuredClone(requestContext));
      const unfrozen: unknown[] = [];
      const visit = (value: unknown, seen: Set<unknown>) => {
        if (typeof value !== 'object' || value === null || seen.has(value)) return;
        seen.add(value);
        if (!Object.isFrozen(value) && !(value instanceof Map)) unfrozen.push(value);
        for (const item of Object.values(value)) visit(item, seen);
      };
      visit(frozen, new Set());
      expect(unfrozen).toEqual([]);
    }
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(freezeRequestContext(withProto))).toEqual(['__proto__', 'plain']);
  });

  it('refuses a request context that is not plain JSON', async () => {
    await expect(tool.execute!({}, { requestContext: { callback: () => 1 } })).rejects.toThrow(
      'The request context must be a plain JSON object.',
    );
  });
});

describe('errors, aborts and client tools', () => {
  it('rethrows what execute throws, unchanged (the runtime turns it into a tool error)', async () => {
    const failure = new Error('upstream is down');
    const tool = createTool({
      id: 'failing',
      description: 'Fails',
      execute: () => {
        throw failure;
      },
    });
    await expect(tool.execute!({})).rejects.toBe(failure);
  });

  it('stops before execute when the signal is already aborted', async () => {
    const execute = vi.fn();
    const tool = createTool({ id: 'abortable', description: 'Aborts', execute });
    const controller = new AbortController();
    controller.abort(new Error('run cancelled'));
    await expect(tool.execute!({}, { abortSignal: controller.signal })).rejects.toThrow('run cancelled');
    expect(execute).not.toHaveBeenCalled();
  });

  it('stops a call whose execute ignores the signal as soon as the run aborts', async () => {
    const tool = createTool({ id: 'stuck', description: 'Never settles', execute: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const call = tool.execute!({}, { abortSignal: controller.signal });
    controller.abort(new Error('run cancelled'));
    await expect(call).rejects.toThrow('run cancelled');
  });

  it('has no execute for a client tool, and refuses to execute one', async () => {
    const tool = createTool({
      id: 'client-side',
      description: 'Runs in the browser',
      inputSchema: schemaKinds[0]!.options,
    });
    expect(tool.execute).toBeUndefined();
    const prepared = prepareToolCall({ tool, input: {} });
    expect(prepared.status).toBe('prepared');
    if (prepared.status === 'prepared') {
      await expect(executePreparedToolCall({ tool, input: prepared.input, context: prepared.context })).rejects.toThrow(
        'Tool client-side has no execute function: it is executed elsewhere (a client tool).',
      );
    }
  });

  it('splits into prepare (validation) and execute so the runtime can act in between', async () => {
    const tool = createTool({
      id: 'split',
      description: 'Split',
      inputSchema: schemaKinds[0]!.order,
      execute: (input) => input.customer,
    });
    const invalid = prepareToolCall({ tool, input: {} });
    expect(invalid.status).toBe('invalid');
    const prepared = prepareToolCall({ tool, input: validOrder });
    if (prepared.status === 'invalid') throw new Error('expected valid input');
    expect(prepared.input).toEqual(completeOrder);
    expect(await executePreparedToolCall({ tool, input: prepared.input, context: prepared.context })).toEqual({
      status: 'output',
      output: 'Ada',
    });
  });

  it('reports a suspension as such, with the payload', async () => {
    const tool = createTool({
      id: 'asks',
      description: 'Asks',
      execute: async (_input, context) => {
        await context.agent!.suspend({ question: 'Which city?' });
        return 'waiting';
      },
    });
    const prepared = prepareToolCall({ tool, input: {}, context: { agent: agentContext() } });
    if (prepared.status === 'invalid') throw new Error('expected valid input');
    expect(await executePreparedToolCall({ tool, input: prepared.input, context: prepared.context })).toEqual({
      status: 'suspended',
      payload: { question: 'Which city?' },
      output: 'waiting',
    });
  });
});
