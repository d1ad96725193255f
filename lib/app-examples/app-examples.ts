/**
 * The "Use in your app" snippets: a curl and a TypeScript example that resolve and run one agent
 * for one label and request context, with the runtime API key as a placeholder (`$STUDIO_API_KEY`,
 * sent as `Authorization: Bearer <key>`). Pure text; tests run both against a real studio.
 */

export interface AppExamplesInput {
  /** Where the studio answers, e.g. `http://localhost:3000` (no trailing slash needed). */
  baseUrl: string;
  agentId: string;
  /** The version label the application loads (`production` is the published version). */
  label: string;
  requestContext: Record<string, unknown>;
  prompt?: string;
}

export interface AppExamples {
  curl: string;
  typescript: string;
}

/** The environment variable both examples read the key from; never a key itself. */
export const apiKeyVariable = 'STUDIO_API_KEY';
const examplePrompt = 'Hello!';

/** `production` when the agent has a published version, else a custom label, else `latest`. */
export function exampleLabel(labels: ReadonlyArray<{ name: string; computed: boolean }>): string {
  if (labels.some((label) => label.name === 'production')) return 'production';
  return labels.find((label) => !label.computed)?.name ?? 'latest';
}

/** One POSIX shell word: single quotes, a quote inside written as '\''. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function curlCommand({ url, body }: { url: string; body: unknown }): string {
  return [
    `curl -X POST ${shellWord(url)}`,
    `  -H "Authorization: Bearer $${apiKeyVariable}"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellWord(JSON.stringify(body))}`,
  ].join(' \\\n');
}

export function appExamples({
  baseUrl,
  agentId,
  label,
  requestContext,
  prompt = examplePrompt,
}: AppExamplesInput): AppExamples {
  const base = baseUrl.replace(/\/+$/, '');
  const agentPath = `${base}/api/agents/${encodeURIComponent(agentId)}`;
  const selector = { label };
  const curl = [
    `# The tools the model sees for this request context (label "${label}").`,
    curlCommand({ url: `${agentPath}/resolve`, body: { selector, requestContext } }),
    '',
    '# Run the agent once: the answer comes when the run finishes or pauses.',
    curlCommand({ url: `${agentPath}/generate`, body: { prompt, selector, requestContext } }),
  ].join('\n');

  const literal = (value: unknown) => JSON.stringify(value);
  const typescript = [
    "import { createStudioClient } from 'agent-studio/client';",
    '',
    '// A runtime-scope API key, sent as "Authorization: Bearer <key>".',
    `const client = createStudioClient({ url: ${literal(base)}, apiKey: process.env.${apiKeyVariable} });`,
    `const selector = { label: ${literal(label)} };`,
    `const requestContext = ${JSON.stringify(requestContext, null, 2)};`,
    '',
    '// The tools the model sees for this request context.',
    'const resolution = await client.resolveAgent({',
    `  params: { id: ${literal(agentId)} },`,
    '  body: { selector, requestContext },',
    '});',
    'console.log(resolution.tools.map((tool) => tool.name));',
    '',
    '// Run the agent once: the answer comes when the run finishes or pauses.',
    'const run = await client.generateAgent({',
    `  params: { id: ${literal(agentId)} },`,
    `  body: { prompt: ${literal(prompt)}, selector, requestContext },`,
    '});',
    'console.log(run.status, run.text);',
  ].join('\n');
  return { curl, typescript };
}
