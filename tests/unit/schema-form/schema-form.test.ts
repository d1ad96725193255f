import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formNodeOf, formValueOf, initialFormValue, propertyRows, valueOfForm } from '@/lib/schema-form';

const ticketSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, description: 'A short summary' },
    priority: { type: 'string', enum: ['low', 'high'] },
    estimate: { type: 'integer', minimum: 1, maximum: 10 },
    urgent: { type: 'boolean' },
    reporter: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['name'],
    },
    tags: { type: 'array', items: { type: 'string' } },
    subtasks: {
      type: 'array',
      items: { type: 'object', properties: { step: { type: 'string' }, done: { type: 'boolean' } } },
    },
    extra: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  },
  required: ['title', 'priority'],
  additionalProperties: false,
};

describe('forms generated from a JSON Schema', () => {
  it('makes one node per property: nested objects, arrays, enums and optional fields', () => {
    const node = formNodeOf(ticketSchema);
    if (node.kind !== 'object') throw new Error('expected an object node');
    expect(node.properties.map((property) => [property.name, property.node.kind, property.required])).toEqual([
      ['title', 'string', true],
      ['priority', 'enum', true],
      ['estimate', 'integer', false],
      ['urgent', 'boolean', false],
      ['reporter', 'object', false],
      ['tags', 'array', false],
      ['subtasks', 'array', false],
      ['extra', 'json', false],
    ]);
  });

  it('builds the input from what was typed: empty fields left out, numbers as numbers, enum choices as values', () => {
    const node = formNodeOf(ticketSchema);
    const value = {
      title: 'Printer jammed',
      priority: '1',
      estimate: '3',
      urgent: true,
      reporter: { name: 'Ada', email: '' },
      tags: ['office', ''],
      subtasks: [{ step: 'Open the tray', done: false }],
      extra: '42',
    };
    expect(valueOfForm(node, value)).toEqual({
      value: {
        title: 'Printer jammed',
        priority: 'high',
        estimate: 3,
        urgent: true,
        reporter: { name: 'Ada' },
        tags: ['office'],
        subtasks: [{ step: 'Open the tray', done: false }],
        extra: 42,
      },
      problems: [],
    });
  });

  it('sends an empty form as {} and words in a number box as the words, so the tool validates as for the model', () => {
    const node = formNodeOf(ticketSchema);
    expect(valueOfForm(node, initialFormValue(node))).toEqual({ value: {}, problems: [] });
    expect(valueOfForm(node, { ...(initialFormValue(node) as object), estimate: 'three' }).value).toEqual({
      estimate: 'three',
    });
  });

  it('reports a JSON box that does not parse at its path', () => {
    const node = formNodeOf(ticketSchema);
    expect(valueOfForm(node, { extra: '{oops' }).problems).toEqual([
      { path: 'extra', message: expect.stringMatching(/^Not valid JSON/) },
    ]);
  });

  it('shows a value in the form and builds the same value back', () => {
    const node = formNodeOf(ticketSchema);
    const ticket = fc.record(
      {
        title: fc.string({ minLength: 1 }),
        priority: fc.constantFrom('low', 'high'),
        estimate: fc.integer({ min: 1, max: 10 }),
        urgent: fc.boolean(),
        reporter: fc.record(
          { name: fc.string({ minLength: 1 }), email: fc.string({ minLength: 1 }) },
          { requiredKeys: ['name'] },
        ),
        tags: fc.array(fc.string({ minLength: 1 }), { minLength: 1 }),
      },
      { requiredKeys: ['title', 'priority'] },
    );
    fc.assert(
      fc.property(ticket, (raw) => {
        const value = JSON.parse(JSON.stringify(raw)) as unknown;
        expect(valueOfForm(node, formValueOf(node, value))).toEqual({ value, problems: [] });
      }),
    );
  });

  it('lists properties at any depth as table rows with their types in words', () => {
    expect(propertyRows(ticketSchema)).toEqual([
      { path: 'title', summary: 'string, at least 1 characters', required: true, description: 'A short summary' },
      { path: 'priority', summary: 'one of "low", "high"', required: true },
      { path: 'estimate', summary: 'integer, 1 to 10', required: false },
      { path: 'urgent', summary: 'boolean', required: false },
      { path: 'reporter', summary: 'object', required: false },
      { path: 'reporter.name', summary: 'string', required: true },
      { path: 'reporter.email', summary: 'string, email', required: false },
      { path: 'tags', summary: 'list of string', required: false },
      { path: 'subtasks', summary: 'list of object', required: false },
      { path: 'subtasks[].step', summary: 'string', required: false },
      { path: 'subtasks[].done', summary: 'boolean', required: false },
      { path: 'extra', summary: 'string or number', required: false },
    ]);
  });
});
