/**
 * Schema patterns of an OpenAPI document run on RE2 only: one RE2 cannot run (look-arounds,
 * back-references) is refused when the document is saved, with 400 naming the pattern and where it
 * is; one RE2 runs is kept and checks the tool's input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest } from '../../support/studio';
import { usersDocument } from './echo-server';

let context: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  context = await createTestStudio();
});
afterAll(() => context.cleanup());

const put = (id: string, document: unknown) =>
  context.studio.api.request(`/api/integrations/${id}`, jsonRequest('PUT', { type: 'openapi', document }));

/** The users document with `userId`'s schema replaced. */
function withUserIdSchema(schema: Record<string, unknown>) {
  const document = usersDocument();
  document.paths['/users/{userId}'].get.parameters[0]!.schema = schema as { type: string };
  return document;
}

async function issuesOf(response: Response) {
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as {
    error: { code: string; details: { issues: Array<{ path: string; message: string }> } };
  };
  expect(error.code).toBe('invalid_input');
  return error.details.issues;
}

describe('patterns of an OpenAPI document', () => {
  it.each([
    ['a look-ahead that backtracks for minutes on 30 characters', '^(a|a)*(?!b)$'],
    ['a nested look-ahead', '^(?=(a+)+$)'],
    ['a look-behind', '(?<=x)y'],
    ['a back-reference', '^(a)\\1$'],
  ])('refuses %s at save, naming it and where it is', async (_name, pattern) => {
    const issues = await issuesOf(await put('patterns', withUserIdSchema({ type: 'string', pattern })));
    expect(issues).toEqual([
      {
        path: expect.stringMatching(/^document\.paths.+get\.parameters\.0\.schema\.pattern$/),
        message: expect.stringContaining(`The pattern ${JSON.stringify(pattern)} cannot run on RE2`),
      },
    ]);
  });

  it('refuses a patternProperties key RE2 cannot run', async () => {
    const schema = { type: 'object', patternProperties: { '^(?!internal)': { type: 'string' } } };
    const issues = await issuesOf(await put('patterns', withUserIdSchema(schema)));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toMatch(/parameters\.0\.schema\.patternProperties/);
    expect(issues[0]!.message).toContain('"^(?!internal)"');
  });

  it('keeps a pattern RE2 runs, \\u escapes included', async () => {
    const response = await put('patterns-ok', withUserIdSchema({ type: 'string', pattern: '^[a-z\\u00e9]+$' }));
    expect(response.status).toBe(201);
    expect(await response.text()).toContain(JSON.stringify('^[a-z\\u00e9]+$'));
  });
});
