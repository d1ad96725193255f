import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidInput, issuesFromZod, isUniqueViolation, StudioError } from '@/lib/errors';
import { createLogger, redact } from '@/lib/logger';

describe('issuesFromZod', () => {
  const schema = z.object({ name: z.string(), items: z.array(z.object({ tag: z.string() })) }).strict();

  it.each([
    ['a wrong type at a nested array index', { name: 'a', items: [{ tag: 1 }] }, ['items.0.tag']],
    ['a missing field', { items: [] }, ['name']],
    ['every unknown field at its own path', { name: 'a', items: [], extra: 1, other: 2 }, ['extra', 'other']],
    ['a wrong root value as root', 'text', ['root']],
  ])('reports %s', (_title, value, paths) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(issuesFromZod(result.error!).map((issue) => issue.path)).toEqual(paths);
  });

  it('prefixes paths for query and path parameters', () => {
    const result = z.object({ limit: z.number() }).safeParse({ limit: 'x' });
    expect(issuesFromZod(result.error!, ['query'])[0]!.path).toBe('query.limit');
  });
});

describe('issuesFromZod on a union no branch takes', () => {
  const toolChoice = z.union([
    z.enum(['auto', 'none']),
    z.object({ type: z.literal('tool'), toolName: z.string() }).strict(),
  ]);
  const content = z.object({ content: z.union([z.string(), z.array(z.object({ text: z.string() }).strict())]) });
  const explained = (schema: z.ZodType, value: unknown) => issuesFromZod(schema.safeParse(value).error!);

  it.each([
    [
      'what it accepts when the value meant no branch',
      toolChoice,
      'sometimes',
      'root',
      'Expected "auto", "none" or an object',
    ],
    ['the types it accepts at a nested path', content, { content: { x: 1 } }, 'content', 'Expected a string or a list'],
    [
      'the problem of the one branch whose type the value has',
      toolChoice,
      { type: 'tool' },
      'toolName',
      'Required: send a value of type string',
    ],
    [
      'a problem deep in the branch the value meant',
      content,
      { content: [{ text: 1 }] },
      'content.0.text',
      'Invalid input: expected string, received number',
    ],
  ])('says %s', (_title, schema, value, path, message) => {
    expect(explained(schema, value)).toEqual([{ path, message }]);
  });

  it('keeps the words a union chose for itself', () => {
    const worded = z.union([z.string(), z.number()], { error: 'A name or a number' });
    expect(explained(worded, true)).toEqual([{ path: 'root', message: 'A name or a number' }]);
  });
});

describe('StudioError', () => {
  it('maps codes to statuses and to the JSON error shape', () => {
    const error = invalidInput([{ path: 'name', message: 'Required' }]);
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Invalid input at name: Required',
        details: { issues: [{ path: 'name', message: 'Required' }] },
      },
    });
    expect(new StudioError('version_in_use', 'In use').status).toBe(409);
    expect(new StudioError('no_published_version', 'None').toBody()).toEqual({
      error: { code: 'no_published_version', message: 'None' },
    });
  });
});

describe('logger', () => {
  it('redacts secret-looking keys at any depth and truncates very deep values', () => {
    let deep: Record<string, unknown> = { password: 'p' };
    for (let level = 0; level < 12; level++) deep = { next: deep };
    const result = JSON.stringify(redact({ apiKey: 'k', nested: { Authorization: 'Bearer x', ok: 1 }, deep }));
    expect(result).not.toMatch(/"k"|Bearer|"p"/);
    expect(result).toContain('[REDACTED]');
    expect(result).toContain('[Truncated]');
  });

  it('marks an object inside itself as circular, and prints a value shared by two keys twice', () => {
    const shared = { city: 'Oslo' };
    const loop: Record<string, unknown> = { name: 'loop', shared, again: shared };
    loop.self = loop;
    expect(redact(loop)).toEqual({ name: 'loop', shared, again: shared, self: '[Circular]' });
  });

  it('writes one JSON line per entry at or above its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) });
    logger.info('hidden');
    logger.error('shown', { token: 'secret-value' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', message: 'shown', token: '[REDACTED]' });
  });
});

describe('validation messages that say what to send', () => {
  it('names the missing field and the expected type, and says why a record key is refused', () => {
    const schema = z.object({
      name: z.string(),
      tags: z.record(z.string().min(2, 'Keys have at least 2 characters'), z.number()),
    });
    const result = schema.safeParse({ tags: { a: 1 } });
    expect(result.success).toBe(false);
    expect(issuesFromZod(result.error!)).toEqual([
      { path: 'name', message: 'Required: send a value of type string' },
      { path: 'tags.a', message: 'Invalid key: Keys have at least 2 characters' },
    ]);
  });
});

describe('isUniqueViolation', () => {
  const usersEmail = { table: 'users', column: 'email' };
  const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
  const sqlite = withFields('UNIQUE constraint failed: users.email', { code: 'SQLITE_CONSTRAINT_UNIQUE' });
  const postgres = withFields('duplicate key value violates unique constraint "users_email_unique"', {
    code: '23505',
    table: 'users',
    constraint: 'users_email_unique',
  });

  it.each([
    ['SQLite refusing a second users.email is one', sqlite, true],
    [
      'PostgreSQL refusing it, wrapped by drizzle, is one',
      new Error('Failed query: insert into "users"', { cause: postgres }),
      true,
    ],
    [
      'a second users.id is not',
      withFields('UNIQUE constraint failed: users.id', { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      false,
    ],
    [
      "another table's unique column is not",
      withFields('duplicate key value', { code: '23505', table: 'sessions', constraint: 'sessions_token_unique' }),
      false,
    ],
    ['an error that only names the column is not', new Error('users.email is broken'), false],
  ])('%s', (_name, error, expected: boolean) => {
    expect(isUniqueViolation(error, usersEmail)).toBe(expected);
  });
});
