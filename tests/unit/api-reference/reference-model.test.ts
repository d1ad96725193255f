import { describe, expect, it } from 'vitest';
import {
  apiReferenceOf,
  matchCountText,
  matchingAnchors,
  schemaTree,
  searchEntryOf,
  treeScope,
  type SchemaNode,
} from '@/lib/api-reference';

const components = {
  RuleGroup: {
    type: 'object',
    description: 'Rules combined with all or any',
    properties: {
      combinator: { type: 'string', enum: ['all', 'any'] },
      rules: {
        type: 'array',
        items: { anyOf: [{ $ref: '#/components/schemas/Rule' }, { $ref: '#/components/schemas/RuleGroup' }] },
      },
    },
    required: ['combinator', 'rules'],
  },
  Rule: {
    type: 'object',
    properties: { field: { type: 'string', minLength: 1, maxLength: 64 }, value: {} },
    required: ['field'],
  },
  Label: { type: 'string', pattern: '^[a-z]+$', maxLength: 64 },
  Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
  Cat: { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer', minimum: 0, maximum: 9 } } },
  Dog: { type: 'object', properties: { kind: { const: 'dog' } } },
  Error: {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: { code: { type: 'string', enum: ['not_found', 'invalid_input'] }, message: { type: 'string' } },
        required: ['code', 'message'],
      },
    },
    required: ['error'],
  },
};

/** A node's own words and its children, shallowly, for readable expectations. */
const brief = (node: SchemaNode) => ({
  name: node.name,
  type: node.type,
  required: node.required,
  ...(node.component ? { component: node.component } : {}),
  ...(node.seeAbove ? { seeAbove: node.seeAbove } : {}),
});
const scope = () => treeScope(components, 'op-test');

describe('schema trees', () => {
  it('describes each property with its type, whether it is required, allowed values and limits', () => {
    const tree = schemaTree(
      {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200, description: 'Shown in lists' },
          tier: { type: 'string', enum: ['pro', 'free'], default: 'free' },
          limit: { type: ['integer', 'null'], minimum: 1, maximum: 100 },
          label: { $ref: '#/components/schemas/Label', description: 'Where it points' },
          tags: { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5 },
          metadata: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['name'],
      },
      scope(),
    );
    expect(tree.type).toBe('object');
    const [name, tier, limit, label, tags, metadata] = tree.properties;
    expect(name).toMatchObject({ name: 'name', type: 'string', required: true, description: 'Shown in lists' });
    expect(name!.limits).toEqual(['1 to 200 characters']);
    expect(tier).toMatchObject({ required: false, allowedValues: ['"pro"', '"free"'], limits: ['default "free"'] });
    expect(limit).toMatchObject({ type: 'integer', nullable: true, limits: ['1 to 100'] });
    // A $ref is followed; the description beside it wins over the component's.
    expect(label).toMatchObject({ type: 'string', component: 'Label', description: 'Where it points' });
    expect(label!.limits).toEqual(['at most 64 characters', 'matching ^[a-z]+$']);
    expect(tags).toMatchObject({ type: 'list of string', limits: ['at most 5 items', 'each at most 20 characters'] });
    expect(metadata!.otherKeys).toMatchObject({ type: 'string' });
  });

  it('follows a $ref cycle once and links to the component where it comes round again', () => {
    const tree = schemaTree({ $ref: '#/components/schemas/RuleGroup' }, scope());
    expect(brief(tree)).toEqual({ name: undefined, type: 'object', required: false, component: 'RuleGroup' });
    expect(tree.anchor).toBe('op-test-RuleGroup');
    expect(tree.description).toBe('Rules combined with all or any');
    const [combinator, rules] = tree.properties;
    expect(combinator).toMatchObject({ name: 'combinator', required: true, allowedValues: ['"all"', '"any"'] });
    // A list whose items are one of two schemas: the alternatives are lifted into the list.
    expect(rules).toMatchObject({ name: 'rules', type: 'list of items, each one of these', required: true });
    const [rule, group] = rules!.oneOf!;
    expect(brief(rule!)).toEqual({ name: undefined, type: 'object', required: false, component: 'Rule' });
    expect(rule!.properties.map(brief)).toEqual([
      { name: 'field', type: 'string', required: true },
      { name: 'value', type: 'any', required: false },
    ]);
    // RuleGroup is open further up: named and linked, not described again, so the tree ends.
    expect(brief(group!)).toEqual({
      name: undefined,
      type: 'object',
      required: false,
      component: 'RuleGroup',
      seeAbove: { component: 'RuleGroup', anchor: 'op-test-RuleGroup', cycle: true },
    });
    expect(group!.properties).toEqual([]);
  });

  it('describes a component once per scope and links to it where it comes again', () => {
    const shared = scope();
    const body = schemaTree(
      {
        type: 'object',
        properties: {
          when: { $ref: '#/components/schemas/Rule' },
          unless: { $ref: '#/components/schemas/Rule' },
          label: { $ref: '#/components/schemas/Label' },
        },
      },
      shared,
    );
    const [when, unless] = body.properties;
    expect(when).toMatchObject({ anchor: 'op-test-Rule', component: 'Rule' });
    expect(when!.properties).toHaveLength(2);
    expect(unless).toMatchObject({
      component: 'Rule',
      seeAbove: { component: 'Rule', anchor: 'op-test-Rule', cycle: false },
      properties: [],
    });
    // The answer in the same scope links to it too; a component without properties is always shown in place.
    const answer = schemaTree({ type: 'array', items: { $ref: '#/components/schemas/Rule' } }, shared);
    expect(answer).toMatchObject({ type: 'list of Rule', seeAbove: { anchor: 'op-test-Rule' } });
    expect(schemaTree({ $ref: '#/components/schemas/Label' }, shared).limits).toContain('matching ^[a-z]+$');
    // Another scope describes it again.
    expect(
      schemaTree({ $ref: '#/components/schemas/Rule' }, treeScope(components, 'op-other')).properties,
    ).toHaveLength(2);
  });

  it('keeps oneOf as alternatives, each described, and a null alternative as nullable', () => {
    const pet = schemaTree({ $ref: '#/components/schemas/Pet' }, scope());
    expect(pet.type).toBe('one of these');
    expect(pet.oneOf!.map(brief)).toEqual([
      { name: undefined, type: 'object', required: false, component: 'Cat' },
      { name: undefined, type: 'object', required: false, component: 'Dog' },
    ]);
    const [cat] = pet.oneOf!;
    expect(cat!.properties[0]).toMatchObject({ name: 'kind', type: 'string', constant: '"cat"' });
    expect(cat!.properties[1]).toMatchObject({ name: 'lives', type: 'integer', limits: ['0 to 9'] });

    const maybeLabel = schemaTree({ anyOf: [{ $ref: '#/components/schemas/Label' }, { type: 'null' }] }, scope());
    expect(maybeLabel).toMatchObject({ type: 'string', component: 'Label', nullable: true });
    expect(maybeLabel.oneOf).toBeUndefined();
  });

  it('merges allOf parts and stops at a reference that does not resolve', () => {
    const merged = schemaTree(
      {
        allOf: [{ $ref: '#/components/schemas/Rule' }, { type: 'object', properties: { note: { type: 'string' } } }],
      },
      scope(),
    );
    expect(merged.properties.map((property) => [property.name, property.required])).toEqual([
      ['field', true],
      ['value', false],
      ['note', false],
    ]);
    expect(schemaTree({ $ref: '#/components/schemas/Missing' }, scope())).toMatchObject({
      type: 'any',
      component: 'Missing',
    });
  });
});

/** An answer three operations give word for word: described once, as a common answer. */
const invalidInput = {
  description: 'Invalid input',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const document = {
  openapi: '3.1.0',
  info: { title: 'Pets API', version: '2.0.0', description: 'Every refusal is an `Error`.' },
  tags: [
    { name: 'pets', description: 'The pets' },
    { name: 'system', description: 'Health' },
  ],
  components: {
    schemas: components,
    parameters: {
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'Page size' },
    },
  },
  paths: {
    '/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Health',
        tags: ['system'],
        security: [],
        responses: { 200: { description: 'Up' }, 400: invalidInput },
      },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getPet',
        summary: 'Read one pet',
        description: 'Read one pet. Needs the `editor` scope.',
        tags: ['pets'],
        security: [{ bearerAuth: ['editor'] }, { sessionCookie: ['editor'] }],
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: {
          400: invalidInput,
          200: {
            description: 'The pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          404: {
            description: 'No such pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            headers: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
          },
        },
      },
      put: {
        operationId: 'savePet',
        summary: 'Save a pet',
        description: 'Save a pet with care',
        tags: ['pets'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Cat' } } },
        },
        responses: { 204: { description: 'Saved' }, 400: invalidInput },
      },
    },
  },
};

describe('the reference of a document', () => {
  const reference = apiReferenceOf(document);

  it('groups operations by tag in the document order, with method, path, access and anchors', () => {
    expect(reference).toMatchObject({
      title: 'Pets API',
      version: '2.0.0',
      description: 'Every refusal is an `Error`.',
    });
    expect(
      reference.tags.map((tag) => [tag.name, tag.anchor, tag.description, tag.operations.map((o) => o.operationId)]),
    ).toEqual([
      ['pets', 'tag-pets', 'The pets', ['getPet', 'savePet']],
      ['system', 'tag-system', 'Health', ['getHealth']],
    ]);
    const [getPet, savePet] = reference.tags[0]!.operations;
    expect(getPet).toMatchObject({ anchor: 'op-getPet', method: 'GET', path: '/pets/{id}', summary: 'Read one pet' });
    expect(getPet!.access).toEqual({ kind: 'scopes', scopes: ['editor'] });
    expect(savePet!.access).toEqual({ kind: 'unstated' });
    expect(reference.tags[1]!.operations[0]!.access).toEqual({ kind: 'public' });
    // The heading shows the summary: a description's first sentence that only repeats it is left out.
    expect(getPet!.description).toBe('Needs the `editor` scope.');
    expect(savePet!.description).toBe('Save a pet with care');
  });

  it('describes an answer many operations give word for word once, and names it under each by status', () => {
    expect(reference.commonAnswers).toEqual([
      {
        status: '400',
        description: 'Invalid input',
        body: { contentType: 'application/json', sharedSchema: 'Error' },
        headers: [],
        anchor: 'answer-400',
        operations: 3,
      },
    ]);
    const operations = reference.tags.flatMap((tag) => tag.operations);
    for (const operation of operations) {
      expect(operation.commonAnswers).toEqual([{ status: '400', anchor: 'answer-400' }]);
      expect(operation.responses.map((response) => response.status)).not.toContain('400');
    }
  });

  it('lists the path item and operation parameters, $refs followed', () => {
    const getPet = reference.tags[0]!.operations[0]!;
    expect(
      getPet.parameters.map((parameter) => [
        parameter.name,
        parameter.in,
        parameter.required,
        parameter.value.type,
        parameter.description,
      ]),
    ).toEqual([
      ['id', 'path', true, 'string', undefined],
      ['limit', 'query', false, 'integer', 'Page size'],
    ]);
  });

  it('describes request bodies and successful answers in place, and links refusals to a shared schema', () => {
    const [getPet, savePet] = reference.tags[0]!.operations;
    expect(savePet!.requestBody).toMatchObject({ required: true, contentType: 'application/json' });
    expect(savePet!.requestBody!.schema).toMatchObject({ component: 'Cat', type: 'object' });
    const [ok, missing] = getPet!.responses;
    expect(ok).toMatchObject({ status: '200', description: 'The pet' });
    expect(ok!.body!.schema!.oneOf).toHaveLength(2);
    expect(missing).toMatchObject({ status: '404', body: { contentType: 'application/json', sharedSchema: 'Error' } });
    expect(missing!.headers).toMatchObject([
      { name: 'Retry-After', description: 'Seconds', value: { type: 'integer' } },
    ]);
    expect(savePet!.responses).toEqual([{ status: '204', description: 'Saved', headers: [] }]);
    expect(reference.sharedSchemas.map((schema) => [schema.name, schema.anchor])).toEqual([['Error', 'schema-Error']]);
    expect(reference.sharedSchemas[0]!.schema.properties[0]!.properties.map((property) => property.name)).toEqual([
      'code',
      'message',
    ]);
  });
});

describe('searching the reference', () => {
  const entries = apiReferenceOf(document).tags.flatMap((tag) => tag.operations.map(searchEntryOf));

  it('finds operations by every word of the query in their summary, path, operationId or tag', () => {
    expect(matchingAnchors(entries, '')).toBeUndefined();
    expect([...matchingAnchors(entries, 'read PET')!]).toEqual(['op-getPet']);
    expect([...matchingAnchors(entries, '/pets/{id}')!]).toEqual(['op-getPet', 'op-savePet']);
    expect([...matchingAnchors(entries, 'savePet')!]).toEqual(['op-savePet']);
    expect([...matchingAnchors(entries, 'system')!]).toEqual(['op-getHealth']);
    expect([...matchingAnchors(entries, 'pet health')!]).toEqual([]);
  });

  it('says how many operations match', () => {
    expect(matchCountText(undefined, 3)).toBe('3 operations');
    expect(matchCountText(new Set(['a']), 3)).toBe('1 operation matches');
    expect(matchCountText(new Set(['a', 'b']), 3)).toBe('2 operations match');
    expect(matchCountText(new Set(), 3)).toBe('No operation matches');
  });
});
