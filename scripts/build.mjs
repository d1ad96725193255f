#!/usr/bin/env node
/**
 * Builds what Node 20 runs: dist/server.js, dist/cli.js and dist/bench.js (esbuild bundles of the
 * TypeScript entry points, dependencies left external), dist/client.js (the typed client as one
 * self-contained file, exported as `agent-studio/client`) and the Next.js editor (.next). Each part is
 * rebuilt only when the files it is made from changed (content fingerprint), so a second start
 * reuses the build. Flags: --force (rebuild everything), --server-only (skip Next).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const serverOnly = args.has('--server-only');

const sourceExtensions = /\.(ts|tsx|mts|mjs|js|json|css|sql|md|svg|png|ico)$/;

function listFiles(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return listFiles(child);
      return sourceExtensions.test(entry.name) ? [child] : [];
    })
    .sort();
}

function fingerprint(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap(listFiles)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function isFresh(stampFile, print, outputs) {
  if (force) return false;
  if (!outputs.every((output) => existsSync(join(root, output)))) return false;
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === print;
}

const common = ['lib', 'db', 'package.json', 'tsconfig.json'];
// The test configurations (studio.config.ts plus scripted models; the browser tests' one adds tools
// that make runs wait; the many-tools one enough registered tools to page the Tools list) are built
// beside the server, which loads one when STUDIO_CONFIG names it; see docs/runtime.md.
const testConfigSources = [
  'tests/support/test-studio-config.ts',
  'tests/support/browser-studio-config.ts',
  'tests/support/many-tools-studio-config.ts',
  'tests/support/prompt-scripted-model.ts',
  'tests/support/scripted-model.ts',
];
const serverInputs = [
  ...common,
  'server.ts',
  'cli.ts',
  'studio.config.ts',
  'bench',
  'migrations',
  'scripts/build.mjs',
  ...testConfigSources,
  // The bench starts servers with the test helper, which bundles the server's Node flags.
  'tests/support/server-process.ts',
  'scripts/server-node-flags.json',
];
const editorInputs = [...common, 'app', 'next.config.mjs', 'postcss.config.mjs', 'public', 'studio.config.ts'];

async function buildServer() {
  const stamp = join(root, 'dist', '.build-stamp');
  const print = fingerprint(serverInputs);
  // The bench, and the configuration and baseline server of its concurrent-streams figure.
  const benchEntryPoints = existsSync(join(root, 'bench', 'index.ts'))
    ? {
        bench: 'bench/index.ts',
        'streamed-runs-studio-config': 'bench/streamed-runs-studio-config.ts',
        'bare-stream-server': 'bench/bare-stream-server.ts',
      }
    : {};
  const outputs = [
    'dist/server.js',
    'dist/cli.js',
    'dist/client.js',
    'dist/test-studio-config.js',
    'dist/browser-studio-config.js',
    'dist/many-tools-studio-config.js',
    ...Object.keys(benchEntryPoints).map((name) => `dist/${name}.js`),
  ];
  if (isFresh(stamp, print, outputs)) return false;
  const { build } = await import('esbuild');
  const entryPoints = {
    server: 'server.ts',
    cli: 'cli.ts',
    'test-studio-config': testConfigSources[0],
    'browser-studio-config': testConfigSources[1],
    'many-tools-studio-config': testConfigSources[2],
    ...benchEntryPoints,
  };
  // Chunks carry a content hash in their names: the previous build's would otherwise pile up.
  const chunk = /-[A-Z0-9]{8}\.js(\.map)?$/;
  if (existsSync(join(root, 'dist')))
    for (const name of readdirSync(join(root, 'dist'))) if (chunk.test(name)) rmSync(join(root, 'dist', name));
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared modules go to chunks, so a configuration loaded at run time (STUDIO_CONFIG) shares
    // classes (Agent) with the server; and code reached only through import() (the CLI's database
    // commands) is loaded on demand, so `agent-studio agent list` does not load the server code first.
    splitting: true,
    // Beside the entry points, so paths relative to the module (`../migrations`) hold in chunks too.
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  await buildClient(build);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(stamp, print);
  return true;
}

/**
 * `agent-studio/client` (package.json `exports`): the HTTP client alone, its one dependency
 * (eventsource-parser) bundled in, so an application imports it with no server, UI or zod code.
 * Its size limit is in docs/client.md and checked by tests/integration/client/client-package.test.ts.
 */
async function buildClient(build) {
  await build({
    absWorkingDir: root,
    entryPoints: { client: 'lib/client/index.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

function buildEditor() {
  const stamp = join(root, '.next', '.studio-build-stamp');
  const print = fingerprint(editorInputs);
  if (isFresh(stamp, print, ['.next/BUILD_ID'])) return false;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stderr.write('The editor build (next build) failed; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, print);
  return true;
}

// Two builds at once (parallel test projects) would clobber each other: take a lock directory.
const lock = join(root, '.build-lock');
const lockDeadline = Date.now() + 10 * 60_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
    if (age > 10 * 60_000 || Date.now() > lockDeadline) rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const release = () => rmSync(lock, { recursive: true, force: true });
process.on('exit', release);

const started = Date.now();
const builtServer = await buildServer();
const builtEditor = serverOnly ? false : buildEditor();
const parts = [builtServer && 'server, CLI and bench', builtEditor && 'editor'].filter(Boolean);
process.stdout.write(
  parts.length
    ? `Built ${parts.join(' and ')} in ${((Date.now() - started) / 1000).toFixed(1)}s.\n`
    : `The build is up to date (${relative(process.cwd(), root) || '.'}).\n`,
);
