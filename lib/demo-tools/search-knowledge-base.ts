/**
 * Demo tool: keyword search over the bundled Agent Studio knowledge base. Scoring is deliberately
 * simple (title and tag hits weigh more than body hits, a shared word stem counts) and deterministic.
 */
import { z } from 'zod';
import { createTool } from '../tools';
import { knowledgeBase, type KnowledgeBaseArticle } from './knowledge-base';

const stopWords = new Set(
  'a an and are as at be by can do does for from how i in is it of on or the this to what when where which who why with you your'.split(
    ' ',
  ),
);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word.length > 1 && !stopWords.has(word));
}

/** "version" matches "versions" and "publishing" matches "publish": a shared prefix of 4+ letters. */
function matches(queryWord: string, word: string): boolean {
  if (queryWord === word) return true;
  if (queryWord.length < 4 || word.length < 4) return false;
  return word.startsWith(queryWord) || queryWord.startsWith(word);
}

const weights = { title: 3, tag: 2, body: 1 } as const;

export function scoreArticle(article: KnowledgeBaseArticle, queryWords: string[]): number {
  const title = tokenize(article.title);
  const tags = article.tags.flatMap(tokenize);
  const body = tokenize(article.body);
  let score = 0;
  for (const queryWord of new Set(queryWords)) {
    if (title.some((word) => matches(queryWord, word))) score += weights.title;
    if (tags.some((word) => matches(queryWord, word))) score += weights.tag;
    // Repeated body hits count, but only up to three, so long articles do not win by length.
    score += Math.min(3, body.filter((word) => matches(queryWord, word)).length) * weights.body;
  }
  return score;
}

export const searchKnowledgeBaseInputSchema = z.object({
  query: z.string().trim().min(1).describe('What to look for, in a few words'),
  limit: z.number().int().min(1).max(10).default(3).describe('How many articles to return (1-10, default 3)'),
});

export const searchKnowledgeBaseOutputSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), title: z.string(), score: z.number(), snippet: z.string(), body: z.string() }),
  ),
  totalMatches: z.number().int(),
});

export type SearchKnowledgeBaseOutput = z.infer<typeof searchKnowledgeBaseOutputSchema>;

const snippetLength = 160;

export function createSearchKnowledgeBaseTool({
  articles = knowledgeBase,
}: { articles?: KnowledgeBaseArticle[] } = {}) {
  return createTool({
    id: 'search-knowledge-base',
    description:
      'Search the Agent Studio knowledge base (tools, versions, labels, publishing, MCP, the CLI, getting started). ' +
      'Returns the best matching articles with their text.',
    inputSchema: searchKnowledgeBaseInputSchema,
    outputSchema: searchKnowledgeBaseOutputSchema,
    mcp: { annotations: { title: 'Search the knowledge base', readOnlyHint: true, openWorldHint: false } },
    execute: ({ query, limit }): SearchKnowledgeBaseOutput => {
      const queryWords = tokenize(query);
      const ranked = articles
        .map((article) => ({ article, score: scoreArticle(article, queryWords) }))
        .filter(({ score }) => score > 0)
        .sort((left, right) => right.score - left.score || left.article.id.localeCompare(right.article.id));
      return {
        results: ranked.slice(0, limit).map(({ article, score }) => ({
          id: article.id,
          title: article.title,
          score,
          snippet: article.body.length <= snippetLength ? article.body : article.body.slice(0, snippetLength - 1) + '…',
          body: article.body,
        })),
        totalMatches: ranked.length,
      };
    },
  });
}

export const searchKnowledgeBaseTool = createSearchKnowledgeBaseTool();
