/** A small bundled knowledge base about Agent Studio, searched by the `search-knowledge-base` demo tool. */
export interface KnowledgeBaseArticle {
  id: string;
  title: string;
  tags: string[];
  body: string;
}

export const knowledgeBase: KnowledgeBaseArticle[] = [
  {
    id: 'what-is-agent-studio',
    title: 'What Agent Studio is',
    tags: ['overview', 'editor', 'versions'],
    body:
      'Agent Studio is an agent editor with persistent versioning. Developers define tools and agents in TypeScript; ' +
      'people who do not write code configure agents in the web editor, and every save is an immutable version ' +
      'that can be published. Applications load the published version at runtime through the API.',
  },
  {
    id: 'defining-tools',
    title: 'Defining a tool with createTool',
    tags: ['tools', 'createTool', 'schema', 'zod', 'valibot', 'arktype'],
    body:
      'Import createTool from lib/tools and give it an id, a description, an inputSchema and an execute function. ' +
      'Schemas can be Zod 4, Valibot wrapped with toStandardJsonSchema, ArkType or plain JSON Schema. ' +
      'Register the tool in studio.config.ts under its id.',
  },
  {
    id: 'validation-errors',
    title: 'Why a tool call returned a validation error',
    tags: ['tools', 'validation', 'errors'],
    body:
      'When the input does not match the schema, the call returns { error: true, message, validationErrors } instead ' +
      'of throwing. The model sees the message, which lists every problem with its path, and can retry. ' +
      'Common mistakes such as null for an optional field or a JSON string for an array are repaired first.',
  },
  {
    id: 'versions-and-publishing',
    title: 'Versions, drafts and publishing',
    tags: ['versions', 'publish', 'draft', 'rollback'],
    body:
      'Saving an agent creates a new draft version and never publishes it. Publishing is its own step. ' +
      'To roll back, publish an older version or restore it as a new draft. The runtime never falls back to a draft.',
  },
  {
    id: 'labels',
    title: 'Labels such as staging and production',
    tags: ['versions', 'labels', 'deployment'],
    body:
      'A label is a movable name that points at one version, for example staging or production. ' +
      'Moving a label takes the revision token you last saw, so two people cannot overwrite each other. ' +
      'Applications can resolve an agent by label instead of by version number.',
  },
  {
    id: 'request-context',
    title: 'Request context and conditional tools',
    tags: ['runtime', 'request context', 'rules', 'tenant'],
    body:
      'Every runtime call carries a request context, a plain JSON object such as { tenantId, plan }. ' +
      'Rules built in the editor switch tool sets on its values, and tools read it from context.requestContext. ' +
      'It is frozen, so a tool cannot change it.',
  },
  {
    id: 'mcp-servers',
    title: 'Connecting MCP servers',
    tags: ['mcp', 'servers', 'tools', 'stdio', 'http'],
    body:
      'Saved MCP clients connect to servers over stdio or Streamable HTTP. Their tools appear as server_tool and ' +
      'can be filtered per agent. Stdio servers run commands on the host, so only commands on the allow-list run. ' +
      'Agent Studio is also an MCP server itself at POST /api/mcp.',
  },
  {
    id: 'cli',
    title: 'Testing a tool from the command line',
    tags: ['cli', 'tools', 'testing'],
    body:
      "With the server running, agent-studio tool list shows the tools, and agent-studio tool execute <id> '<json>' " +
      'runs one and prints its output. Add --schema to print the input and output schema. ' +
      'Exit code 1 means bad input, 2 means the server is not reachable.',
  },
  {
    id: 'getting-started',
    title: 'Getting started',
    tags: ['install', 'start', 'setup'],
    body:
      'Run npm start on a fresh clone: it installs what is missing, creates the SQLite database in ./data, seeds demo ' +
      'agents and tools, builds, and serves the editor and the API on http://localhost:3000. ' +
      'Without a model key everything except calling a model works.',
  },
  {
    id: 'approval-and-suspension',
    title: 'Approving tool calls and suspending tools',
    tags: ['tools', 'approval', 'suspend', 'resume'],
    body:
      'A tool with requireApproval pauses the run until someone approves or declines the call. ' +
      'A tool can also call suspend(payload) to wait for data, and the run resumes with that data later. ' +
      'Paused runs are stored, so approval works after a restart.',
  },
];
