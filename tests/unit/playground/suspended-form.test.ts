/**
 * Which form the Playground offers for a suspended call, read from the payload and `resumeSchema`
 * the run streams (the built-in tools' real schemas), and the resume data each form sends.
 */
import { describe, expect, it } from 'vitest';
import { askUserTool } from '@/lib/builtin-tools/ask-user';
import { submitPlanTool } from '@/lib/builtin-tools/submit-plan';
import { planDecision, questionAnswer, suspendedForm, type SuspendedForm } from '@/lib/playground';
import { createTool } from '@/lib/tools';
import { z } from 'zod';
import { scheduleCallbackTool } from '@/tests/support/pausing-tools';

const askSchema = askUserTool.schemas.resume!.jsonSchema;
const planSchema = submitPlanTool.schemas.resume!.jsonSchema;
const colours = [{ label: 'Red' }, { label: 'Blue', description: 'like the sea' }];

type Question = Extract<SuspendedForm, { kind: 'question' }>;
type Plan = Extract<SuspendedForm, { kind: 'plan' }>;

describe('suspendedForm', () => {
  it('offers radio options for a single choice, checkboxes for several, free text without a selection mode', () => {
    expect(
      suspendedForm({
        suspendPayload: { question: 'Which colour?', options: colours, selectionMode: 'single_select' },
        resumeSchema: askSchema,
      }),
    ).toEqual({ kind: 'question', question: 'Which colour?', options: colours, choice: 'single', freeText: false });
    expect(
      suspendedForm({
        suspendPayload: { question: 'Which colours?', options: colours, selectionMode: 'multi_select' },
        resumeSchema: askSchema,
      }),
    ).toMatchObject({ kind: 'question', choice: 'multi', freeText: false });
    expect(
      suspendedForm({ suspendPayload: { question: 'Which colour?', options: colours }, resumeSchema: askSchema }),
    ).toMatchObject({ kind: 'question', choice: 'single', freeText: true, options: colours });
    expect(suspendedForm({ suspendPayload: { question: 'Your name?' }, resumeSchema: askSchema })).toEqual({
      kind: 'question',
      question: 'Your name?',
      options: [],
      choice: 'single',
      freeText: true,
    });
  });

  it('asks the same way for a tool of its own whose schema takes text, and not for one that takes an object', () => {
    const orderNumber = createTool({
      id: 'order-number',
      description: 'Asks for an order number',
      resumeSchema: z.string().regex(/^[A-Z]-\d+$/),
      execute: async () => undefined,
    });
    expect(
      suspendedForm({
        suspendPayload: { question: 'Which order?' },
        resumeSchema: orderNumber.schemas.resume!.jsonSchema,
      }),
    ).toMatchObject({ kind: 'question', freeText: true });
    expect(
      suspendedForm({
        suspendPayload: { question: 'Which weekday?' },
        resumeSchema: scheduleCallbackTool.schemas.resume!.jsonSchema,
      }),
    ).toEqual({ kind: 'data' });
    // Several choices need a schema that takes a list.
    expect(
      suspendedForm({
        suspendPayload: { question: 'Which?', options: colours, selectionMode: 'multi_select' },
        resumeSchema: orderNumber.schemas.resume!.jsonSchema,
      }),
    ).toEqual({ kind: 'data' });
  });

  it('shows a plan with its path, feedback optional or required as the schema says', () => {
    const payload = { title: 'Migrate', plan: '# Steps\n1. Copy\n2. Switch', path: 'plans/migrate-call-1.md' };
    expect(suspendedForm({ suspendPayload: payload, resumeSchema: planSchema })).toEqual({
      kind: 'plan',
      ...payload,
      feedbackRequired: false,
    });
    const strict = { ...(planSchema as object), required: ['action', 'feedback'] };
    expect(suspendedForm({ suspendPayload: payload, resumeSchema: strict })).toMatchObject({
      kind: 'plan',
      feedbackRequired: true,
    });
  });

  it("offers an MCP server's question as a form from its requested schema, whatever the tool's resume schema", () => {
    const requestedSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const suspendPayload = { kind: 'elicitation', serverName: 'local', message: 'Your name?', requestedSchema };
    const form = { kind: 'elicitation', serverName: 'local', message: 'Your name?', requestedSchema };
    expect(suspendedForm({ suspendPayload })).toEqual(form);
    expect(suspendedForm({ suspendPayload, resumeSchema: askSchema })).toEqual(form);
    // Without its requested schema it is not read as one.
    expect(suspendedForm({ suspendPayload: { kind: 'elicitation', message: 'Your name?' } })).toEqual({ kind: 'data' });
  });

  it('falls back to resume data for payloads it cannot read (a display transform, no schema, other shapes)', () => {
    const placeholder = { message: 'Tool suspend payload unavailable' };
    expect(suspendedForm({ suspendPayload: placeholder, resumeSchema: askSchema })).toEqual({ kind: 'data' });
    expect(suspendedForm({ suspendPayload: placeholder, resumeSchema: planSchema })).toEqual({ kind: 'data' });
    expect(suspendedForm({ suspendPayload: { question: 'Which?' } })).toEqual({ kind: 'data' });
    expect(suspendedForm({ suspendPayload: { plan: 'Do it' }, resumeSchema: askSchema })).toEqual({ kind: 'data' });
    expect(suspendedForm({ suspendPayload: { question: '', options: colours }, resumeSchema: askSchema })).toEqual({
      kind: 'data',
    });
  });
});

describe('questionAnswer', () => {
  const single: Question = { kind: 'question', question: 'Q', options: colours, choice: 'single', freeText: false };
  const open: Question = { ...single, freeText: true };
  const multi: Question = { ...single, choice: 'multi' };

  it('answers one label for a single choice and refuses no choice', () => {
    expect(questionAnswer(single, { chosen: ['Blue'], typed: '' })).toEqual({ ok: true, value: 'Blue' });
    expect(questionAnswer(single, { chosen: [], typed: 'Green' })).toEqual({
      ok: false,
      issues: [{ path: 'root', message: 'Choose an option.' }],
    });
    expect(questionAnswer(open, { chosen: [], typed: '' })).toEqual({
      ok: false,
      issues: [{ path: 'root', message: 'Choose an option or type an answer.' }],
    });
    expect(questionAnswer({ ...open, options: [] }, { chosen: [], typed: ' ' })).toEqual({
      ok: false,
      issues: [{ path: 'root', message: 'Type an answer.' }],
    });
  });

  it('prefers the typed answer where free text is accepted', () => {
    expect(questionAnswer(open, { chosen: ['Red'], typed: '  Green ' })).toEqual({ ok: true, value: 'Green' });
  });

  it('answers a list for several choices, empty included', () => {
    expect(questionAnswer(multi, { chosen: ['Red', 'Blue'], typed: '' })).toEqual({ ok: true, value: ['Red', 'Blue'] });
    expect(questionAnswer(multi, { chosen: [], typed: 'ignored' })).toEqual({ ok: true, value: [] });
  });
});

describe('planDecision', () => {
  const plan: Plan = { kind: 'plan', plan: 'Do it', feedbackRequired: false };

  it('sends the action, with the feedback when there is some', () => {
    expect(planDecision(plan, { action: 'approved', feedback: '' })).toEqual({
      ok: true,
      value: { action: 'approved' },
    });
    expect(planDecision(plan, { action: 'rejected', feedback: ' Too risky ' })).toEqual({
      ok: true,
      value: { action: 'rejected', feedback: 'Too risky' },
    });
  });

  it('refuses a decision without feedback when the tool requires it', () => {
    expect(planDecision({ ...plan, feedbackRequired: true }, { action: 'approved', feedback: '' })).toEqual({
      ok: false,
      issues: [{ path: 'feedback', message: 'Write feedback for the decision.' }],
    });
  });
});
