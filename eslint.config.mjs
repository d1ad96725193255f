import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The layer map (CONTRIBUTING.md draws it). The pure core takes everything as arguments: it may
 * import other pure modules (lib/snapshots among them: the stored snapshot's types, schema and
 * upgrades), the tool-provider interface, the error vocabulary and the logger's type, and nothing
 * that reaches a database, a network, a process or the clock.
 */
const pureLayers = ['lib/resolver', 'lib/rules', 'lib/versions', 'lib/tools', 'lib/mcp/convert', 'lib/snapshots'];
const pureImportsFromLib = [
  './resolver',
  './rules',
  './versions',
  './tools',
  './mcp/convert',
  './mcp/types.ts',
  './snapshots',
  './tool-providers',
  './errors.ts',
  './logger.ts',
  './canonical-json.ts',
  './defined-fields.ts',
  './is-record.ts',
  './deep-freeze.ts',
  './json-text.ts',
  './list-in-words.ts',
];
const outsideLib = ['./db', './app', './bench', './scripts', './server.ts', './cli.ts', './studio.config.ts'];
const ioModules = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'dns',
  'tls',
  'worker_threads',
].flatMap((name) => [name, `node:${name}`]);

/**
 * The stack above the pure core (docs/architecture.md draws it): the API, the CLI and the
 * composition root (lib/index.ts, which builds the studio) use the services; the services use the IO
 * layer; imports only run down.
 */
const entryLayers = ['./lib/api', './lib/cli', './lib/index.ts'];
const serviceLayers = ['./lib/editor', './lib/runtime', './lib/integrations'];
const ioLayers = ['./lib/sources', './lib/mcp'];
const ioImportsService =
  'The IO layer (docs/architecture.md, "Layers") does not import the services above it (lib/editor, lib/runtime, lib/integrations).';

/**
 * One idiom for optional fields in lib/ (docs/architecture.md): pass an absent value as `undefined`,
 * or build an outgoing answer with `definedFields` (lib/defined-fields.ts); no field spread in under
 * a condition.
 */
const optionalFieldMessage =
  'Pass an absent value as `undefined` (`{ key: value }`); an object that leaves the process goes through `definedFields` (lib/defined-fields.ts).';
const conditionalFieldSpreads = [
  "SpreadElement > ConditionalExpression[consequent.type='ObjectExpression'][consequent.properties.length=0]",
  "SpreadElement > ConditionalExpression[alternate.type='ObjectExpression'][alternate.properties.length=0]",
  "SpreadElement > LogicalExpression[right.type='ObjectExpression']",
].map((selector) => ({ selector, message: optionalFieldMessage }));

const readProcessEnv = {
  object: 'process',
  property: 'env',
  message: 'Read settings through lib/env.ts (the only reader of process.env).',
};

const layerZones = [
  {
    target: pureLayers,
    from: './lib',
    except: pureImportsFromLib,
    message: 'A pure layer (docs/architecture.md, "Layers") imports no IO module: take the data as an argument.',
  },
  {
    target: pureLayers,
    from: outsideLib,
    message: 'A pure layer (docs/architecture.md, "Layers") imports nothing outside lib/.',
  },
  {
    target: [...serviceLayers, ...ioLayers],
    from: entryLayers,
    message:
      'The services and the IO layer (docs/architecture.md, "Layers") import neither the API, the CLI nor the composition root (lib/index.ts): take what you need as an argument.',
  },
  {
    target: ioLayers,
    from: ['./lib/editor', './lib/runtime'],
    message: ioImportsService,
  },
  {
    target: ioLayers,
    from: './lib/integrations',
    // The integration provider interface is what lib/sources calls to load an integration's tools.
    except: ['./types.ts'],
    message: ioImportsService,
  },
  {
    target: './lib/editor',
    from: './lib/runtime',
    message:
      'The editor service stores and versions agents; the runtime reads it, not the other way round (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/mcp',
    from: './lib/resolver',
    message:
      'The resolver builds on lib/mcp\'s tool conversion, so lib/mcp does not import the resolver (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/agents',
    from: './lib/runtime',
    // `Agent` runs on its own through the standalone run, speaks the run vocabulary and is the
    // runtime's `CodeAgent`.
    except: ['./standalone.ts', './run-types.ts', './code-agent.ts'],
    message:
      'lib/agents builds on the runtime through three modules: Agent imports only lib/runtime/standalone.ts, the run types and the CodeAgent shape (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/runtime',
    from: './lib/agents',
    message:
      'The runtime reads a code agent as a CodeAgent (lib/runtime/code-agent.ts); lib/agents builds on the runtime, not the other way round (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/schemas',
    from: './lib/editor',
    message:
      'lib/schemas holds the input schemas the editor service, the API and the browser share; it sits below the editor service, so move the schema here instead (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/evaluation',
    from: ['./lib/editor', './lib/runtime'],
    message:
      'lib/evaluation takes the versions, test cases, replays and models it needs as arguments; lib/studio-evaluations.ts gives it the editor\'s and the runtime\'s (docs/architecture.md, "Layers").',
  },
  {
    target: './lib/net',
    from: './lib/env.ts',
    message:
      'lib/net sits below the settings: it takes the settings it needs as arguments, and lib/env.ts names its types from lib/net (docs/architecture.md, "Layers").',
  },
  {
    target: './db',
    from: ['./lib', ...outsideLib.filter((path) => path !== './db'), './tests'],
    message: 'db/ is the bottom layer: it imports nothing above it.',
  },
  {
    target: ['./lib', './db', './bench', './scripts', './tests', './server.ts', './cli.ts', './studio.config.ts'],
    from: './app',
    message: 'Nothing imports the editor pages (app/): move shared code into lib/.',
  },
  {
    // `?id?` is the folder `[id]`: brackets in a glob would be a character class.
    target: ['./app/*.{ts,tsx}', './app/!(agents)/**', './app/agents/*.{ts,tsx}', './app/agents/!(?id?)/**'],
    from: './app/agents/?id?/_editor/**',
    message:
      "The agent editor's folder (app/agents/[id]/_editor) is its own page's: what other pages share with it lives in app/_components or app/_lib.",
  },
  {
    target: './app',
    from: [join(root, 'lib/**')],
    except: [join(root, 'lib/*/index.ts'), join(root, 'lib/*.ts')],
    message: "app/ reaches lib/ through a module's public entry (lib/<module>/index.ts or a single-file module).",
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', 'dist/', 'data/', 'migrations/', 'next-env.d.ts', '.test-artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })] },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-properties': ['error', readProcessEnv],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
    },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...conditionalFieldSpreads],
    },
  },
  {
    files: pureLayers.map((layer) => `${layer}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioModules.map((name) => ({ name, message: 'A pure layer does no IO: take the data as an argument.' })),
          patterns: [
            {
              group: ['better-sqlite3', 'drizzle-orm', 'drizzle-orm/*', '@modelcontextprotocol/sdk/client/*'],
              message: 'A pure layer does no IO: take the data as an argument.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'A pure layer does no IO: take a function or the data as an argument.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        readProcessEnv,
        { object: 'Date', property: 'now', message: 'A pure layer reads no clock: take `now` as an argument.' },
        { object: 'performance', property: 'now', message: 'A pure layer reads no clock: take `now` as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'A pure layer reads no clock: take `now` as an argument.',
        },
        ...conditionalFieldSpreads,
      ],
    },
  },
  {
    // Client components, and every module they import, are bundled for the browser, which cannot
    // hold the runtime (sockets, DNS, SQLite); Agent and the composition root bring it along. Pages
    // on the server reach the running studio through `currentStudio()` (lib/studio-handle), so no
    // file under app/ needs them as values: the rule covers the whole folder, because a module
    // without 'use client' becomes browser code as soon as a client component imports it.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `@/lib` (or `@/lib/index`), `@/lib/agents` and `@/lib/runtime`, by alias or relative path.
              regex: '^(@/|(\\.\\./)+)lib(/index(\\.ts)?|/(agents|runtime)(/.*)?)?$',
              // Types are erased from the bundle.
              allowTypeImports: true,
              message:
                'app/ names the runtime, Agent and the composition root as types only: their code cannot be bundled for a browser. Stored snapshots come from @/lib/snapshots.',
            },
          ],
        },
      ],
    },
  },
  {
    // Functions and files stay small enough to read in one sitting.
    files: ['app/**/*.{ts,tsx}', 'lib/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 350, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Storage calls are async: a query not awaited, or a promise read as a value
    // (`if (queries.agents.get(id))`), type-checks but silently does the wrong thing (it runs
    // outside its transaction, or a check always passes). Type-aware, so scoped to the code on the
    // storage interface to keep lint fast.
    files: [
      'lib/editor/**/*.ts',
      'lib/runtime/**/*.ts',
      'lib/integrations/**/*.ts',
      'lib/api/routes/health.ts',
      'lib/api/routes/integrations.ts',
      'lib/api/routes/runs.ts',
      'lib/api/routes/threads.ts',
      'lib/cli/commands/db-commands.ts',
      'lib/index.ts',
    ],
    languageOptions: {
      parserOptions: {
        // The layer rules' test (tests/unit/lint) lints its fixtures as if they stood at these
        // paths, which no tsconfig includes.
        projectService: {
          allowDefaultProject: [
            'lib/editor/fixture.ts',
            'lib/runtime/fixture.ts',
            'lib/integrations/openapi/fixture.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksConditionals: true }],
    },
  },
  {
    files: ['lib/env.ts', 'scripts/**', 'tests/**', 'bench/**', '*.config.*', 'server.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
