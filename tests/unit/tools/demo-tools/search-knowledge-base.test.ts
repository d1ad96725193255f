import { describe, expect, it } from 'vitest';
import { createSearchKnowledgeBaseTool, knowledgeBase, searchKnowledgeBaseTool } from '@/lib/demo-tools';
import { tokenize } from '@/lib/demo-tools/search-knowledge-base';
import { outputOf, validationErrorOf } from '@/tests/support/tool-execution';

type SearchOutput = {
  results: Array<{ id: string; score: number; title: string; snippet: string; body: string }>;
  totalMatches: number;
};
const search = async (input: unknown): Promise<SearchOutput> => outputOf(await searchKnowledgeBaseTool.execute!(input));

describe('the bundled knowledge base', () => {
  it('has about ten short articles with unique ids', () => {
    expect(knowledgeBase.length).toBeGreaterThanOrEqual(8);
    expect(new Set(knowledgeBase.map((article) => article.id)).size).toBe(knowledgeBase.length);
    for (const article of knowledgeBase) expect(article.body.length).toBeLessThan(600);
  });
});

describe('search-knowledge-base', () => {
  it.each([
    ['how do I publish a version', 'versions-and-publishing'],
    ['why did my tool return a validation error', 'validation-errors'],
    ['connect an MCP server over stdio', 'mcp-servers'],
    ['staging and production labels', 'labels'],
    ['createTool with zod', 'defining-tools'],
    ['request context tenant rules', 'request-context'],
    ['approve a tool call', 'approval-and-suspension'],
  ])('ranks the right article first for "%s"', async (query, id) => {
    expect((await search({ query })).results[0]?.id).toBe(id);
  });

  it('returns three results by default, best first, with a snippet and the text', async () => {
    const { results, totalMatches } = await search({ query: 'tools agents versions' });
    expect(results).toHaveLength(3);
    expect(totalMatches).toBeGreaterThan(3);
    expect(results.map((result) => result.score)).toEqual(
      [...results.map((result) => result.score)].sort((a, b) => b - a),
    );
    for (const result of results) expect(result.body.startsWith(result.snippet.replace(/…$/, ''))).toBe(true);
  });

  it('honours the limit', async () => {
    expect((await search({ query: 'tools', limit: 1 })).results).toHaveLength(1);
  });

  it('answers nothing (not an error) when no article matches', async () => {
    expect(await search({ query: 'banana smoothie' })).toEqual({ results: [], totalMatches: 0 });
  });

  it('ignores words that carry no meaning', () => {
    expect(tokenize('How do I publish THE version?')).toEqual(['publish', 'version']);
  });

  it('breaks ties by article id so results are stable', async () => {
    const articles = [
      { id: 'b', title: 'Same', tags: [], body: 'word' },
      { id: 'a', title: 'Same', tags: [], body: 'word' },
    ];
    const output = outputOf(await createSearchKnowledgeBaseTool({ articles }).execute!({ query: 'word' }));
    expect(output.results.map((result) => result.id)).toEqual(['a', 'b']);
  });

  it.each([
    ['an empty query', { query: '   ' }, 'query'],
    ['a limit above 10', { query: 'tools', limit: 50 }, 'limit'],
  ])('answers %s with a validation error', async (_case, input, path) => {
    const error = validationErrorOf(await searchKnowledgeBaseTool.execute!(input));
    expect(error.validationErrors.map((issue) => issue.path)).toEqual([path]);
  });
});
