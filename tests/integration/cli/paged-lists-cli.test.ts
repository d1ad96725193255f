/**
 * `agent label list | remove` and `agent test-case list` follow the API's pages: an agent with more
 * labels and test cases than one page of 100 holds is listed whole, and a label on a later page is
 * found by its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAndPublish } from '@/tests/support/studio';
import { servedStudio } from './cli-support';

let studio: Awaited<ReturnType<typeof servedStudio>>;
const count = 101;
const padded = (index: number) => String(index).padStart(3, '0');

beforeAll(async () => {
  studio = await servedStudio();
  await createAndPublish(studio.studio, {
    id: 'many',
    name: 'Many',
    model: 'openai/gpt-4o-mini',
    instructions: 'Answer.',
  });
  for (let index = 0; index < count; index += 1) {
    await studio.studio.editor.agents.labels.set({
      id: 'many',
      label: `label-${padded(index)}`,
      versionNumber: 1,
      expectedRevisionToken: null,
    });
    await studio.studio.editor.testCases.create({
      agentId: 'many',
      body: { name: `case ${padded(index)}`, input: { prompt: 'Hi?' }, expectations: [] },
    });
  }
});
afterAll(async () => {
  await studio?.close();
});

describe('CLI lists past one page', () => {
  it('lists every label and removes one from the last page', async () => {
    const listed = await studio.run('agent', 'label', 'list', 'many', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const names = (JSON.parse(listed.stdout) as Array<{ name: string }>).map((label) => label.name);
    expect(names).toHaveLength(count + 2);
    expect(names.slice(0, 3)).toEqual(['production', 'latest', 'label-000']);
    expect(names.at(-1)).toBe(`label-${padded(count - 1)}`);
    const removed = await studio.run('agent', 'label', 'remove', 'many', `label-${padded(count - 1)}`);
    expect([removed.code, removed.stdout]).toEqual([0, `Label label-${padded(count - 1)} of many deleted.`]);
  });

  it('lists every test case, oldest first', async () => {
    const listed = await studio.run('agent', 'test-case', 'list', 'many', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const cases = JSON.parse(listed.stdout) as Array<{ id: string }>;
    expect(cases.map((item) => item.id)).toEqual(
      (await studio.studio.editor.testCases.list('many')).items.map((item) => item.id),
    );
    expect(cases).toHaveLength(count);
  });
});
