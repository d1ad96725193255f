/**
 * One process, one port: requests under `/api/` go to the Hono app (the fast path applications
 * call), everything else to Next's request handler (the editor). Compiled to dist/server.js by
 * `scripts/build.mjs`, because Node 20 runs no TypeScript.
 */
import { createServer, maxHeaderSize, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { createStudio, type Studio, type StudioOptions } from './lib';
import { dropWritesToClosedOutput } from './lib/closed-output';
import { createResolveFastPath } from './lib/api';
import { linkUrl } from './lib/auth';
import { errorBody, errorMessage, errorStatus, type Issue, issueMessages } from './lib/errors';
import { settingsFromEnvironment, studioConfigPath } from './lib/env';
import { bareInterpreterNotice } from './lib/stdio-settings';
import {
  answerClientError,
  apiSecurityHeaders,
  authMode,
  checkRequest,
  createScriptNonce,
  describeExposure,
  factsFromIncoming,
  isListedCorsOrigin,
  pageContentSecurityPolicy,
  pageSecurityHeaders,
  refusePage,
  resolveListenAddress,
  setHeaderList,
  unreadableRequestAnswer,
  libraryStoragesQuietMs,
  watchLibraryStorages,
} from './lib/http';
import { createLogger, type Logger } from './lib/logger';
import { seedStudio } from './lib/seed';
import { publishStudio } from './lib/studio-handle';
import defaultStudioConfig from './studio.config';

const root = fileURLToPath(new URL('..', import.meta.url));
const shutdownGraceMs = 10_000;
/** Bound addresses whose URL is shown as http://localhost:port/ (it reaches them from this machine). */
const shownAsLocalhost = new Set(['127.0.0.1', '0.0.0.0', '::']);

/** The bundled studio.config.ts, or the compiled configuration module STUDIO_CONFIG names. */
async function loadStudioConfig(): Promise<StudioOptions> {
  const path = studioConfigPath(process.env);
  if (!path) return defaultStudioConfig;
  const loaded = (await import(pathToFileURL(resolve(path)).href)) as { default?: StudioOptions };
  if (!loaded.default || typeof loaded.default !== 'object')
    throw new Error(`STUDIO_CONFIG=${path} has no default export of studio options.`);
  return loaded.default;
}

async function main() {
  dropWritesToClosedOutput();
  const studioConfig = await loadStudioConfig();
  const settings = settingsFromEnvironment(process.env, studioConfig.settings);
  const logger = createLogger({ level: settings.logLevel });
  const startedAt = performance.now();
  // Judged on the address it will bind, not on the name: a name can resolve to 0.0.0.0.
  const listen = await resolveListenAddress({ host: settings.host });
  if (!listen.ok) return refuseToStart(logger, listen.issues);
  const { address: listenAddress } = listen.value;
  const exposure = describeExposure({ ...settings, address: listenAddress });
  if (!exposure.ok) return refuseToStart(logger, exposure.issues);

  // Pages and session checks leave Next's, React's and the sign-in library's async-local storages
  // on, which slows every API request after them (lib/http/library-storages.ts). The development
  // server's pages are left as they are.
  const libraryStorages = settings.editorDev
    ? undefined
    : watchLibraryStorages({
        quietMs: libraryStoragesQuietMs,
        onRelease: (storages) =>
          logger.debug('Switched off the async-local storages of pages and sign-in', { storages }),
      });

  let studio: Studio;
  try {
    // Whether sign-in is required follows the bound address too.
    const auth = authMode({ host: listenAddress, auth: settings.auth });
    studio = await createStudio({
      ...studioConfig,
      settings: { ...settings, auth },
      logger,
      libraryCalls: libraryStorages,
    });
  } catch (error) {
    logger.error('Agent Studio could not start', { error: errorMessage(error) });
    process.exit(1);
  }
  publishStudio(studio);
  // STUDIO_SEED_DEMO=false: a deployment that is about to receive a restore starts empty.
  const seeded = studio.settings.seedDemo ? await seedStudio(studio) : { created: false };
  if (seeded.created) logger.info('Seeded an empty database with the demo agent', { agentId: 'demo-assistant' });

  const editor = next({ dev: settings.editorDev, dir: root, hostname: settings.host, port: settings.port });
  const apiListener = getRequestListener(studio.api.fetch, {
    errorHandler: (error) => unreadableRequestAnswer(error, logger),
  });
  const editorReady = editor.prepare();
  let editorHandler: ((request: IncomingMessage, response: ServerResponse) => Promise<void>) | undefined;

  const { requestPolicy } = studio;
  // Only requests the API's gate lets through unchanged (no refusal, no CORS headers to add).
  const resolveFastPath = createResolveFastPath({
    api: studio.api,
    runtime: studio.runtime,
    bodyLimitBytes: settings.bodyLimitBytes,
    admits: (request) => {
      const facts = factsFromIncoming(request.method ?? 'GET', request.headers);
      return (
        checkRequest(requestPolicy, facts, 'api') === undefined && !isListedCorsOrigin(requestPolicy, facts.origin)
      );
    },
    headers: apiSecurityHeaders,
    credentials: studio.access.credentials,
  });

  let stopping = false;
  const server = createServer((request, response) => {
    // While stopping, answered connections close instead of idling until the grace period ends.
    if (stopping) response.setHeader('Connection', 'close');
    const url = request.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      // Host, Origin and body checks of the API run in its first middleware (also in process).
      if (resolveFastPath.handle(request, response)) return;
      setHeaderList(response, apiSecurityHeaders);
      void apiListener(request, response);
      return;
    }
    setHeaderList(response, pageSecurityHeaders);
    const refusal = checkRequest(requestPolicy, factsFromIncoming(request.method ?? 'GET', request.headers), 'page');
    if (refusal) {
      response.writeHead(errorStatus[refusal.code], { 'content-type': 'application/json' });
      response.end(JSON.stringify(errorBody(refusal.code, refusal.message)));
      return;
    }
    const pageEnded = libraryStorages?.started();
    if (pageEnded) response.once('close', pageEnded);
    // Next reads the nonce back from this request header and stamps it on its inline scripts.
    const policy = pageContentSecurityPolicy({ nonce: createScriptNonce(), development: settings.editorDev });
    request.headers['content-security-policy'] = policy;
    response.setHeader('Content-Security-Policy', policy);
    const pageCredentials = studio.access.credentials;
    if (pageCredentials) {
      void refusePage(pageCredentials, request, response).then(
        (refused) => refused || servePage(request, response),
        () => {
          response.statusCode = 503;
          response.end('Could not check who is signed in; see the server log.');
        },
      );
      return;
    }
    servePage(request, response);
  });
  server.keepAliveTimeout = 65_000;
  // Over-long URLs and headers get the API's JSON error instead of Node's bare 431.
  server.on('clientError', (error: Error & { code?: string }, socket) =>
    answerClientError(error, socket, { maxHeaderSize }),
  );

  function servePage(request: IncomingMessage, response: ServerResponse) {
    if (editorHandler) {
      void editorHandler(request, response);
      return;
    }
    editorReady.then(
      () => editor.getRequestHandler()(request, response),
      () => {
        response.statusCode = 503;
        response.end('The editor failed to start; see the server log.');
      },
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, listenAddress, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const shownHost = shownAsLocalhost.has(listenAddress) ? 'localhost' : settings.host;
  const bracketed = shownHost.includes(':') && !shownHost.startsWith('[') ? `[${shownHost}]` : shownHost;
  const shownUrl = `http://${bracketed}:${port}/`;

  // Handled from the moment the port is open: a stop while the editor still prepares must also
  // let in-flight API requests finish rather than kill the process under them.
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info('Shutting down', { signal });
    const force = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
    force.unref();
    // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    clearTimeout(force);
    await studio.close();
    await editor.close?.();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await editorReady;
    editorHandler = editor.getRequestHandler();
  } catch (error) {
    logger.error('The editor failed to start', { error: errorMessage(error) });
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  const setupLine = await firstAdminLine(studio, settings.publicUrl ?? shownUrl).catch((error: unknown) => {
    logger.error('Could not make the setup link of the first admin', {
      error: errorMessage(error),
    });
    return '';
  });
  process.stdout.write(
    `Agent Studio is running at ${shownUrl} (API at /api, ready in ${seconds}s)\n${exposure.value.notice}\n` +
      `${bareInterpreterNotice(settings)}${setupLine}`,
  );
  if (exposure.value.warning)
    logger.warn('Listening beyond this machine without sign-in', { host: settings.host, address: listenAddress, port });
}

function refuseToStart(logger: Logger, issues: readonly Issue[]): never {
  logger.error('Agent Studio will not start', { reason: issueMessages(issues) });
  process.exit(1);
}

/**
 * With sign-in required and no enabled admin yet: a line with a new one-time link where the first
 * admin sets a password (lib/auth/first-admin.ts). Each start makes its own; using any one voids the rest.
 */
async function firstAdminLine(studio: Studio, base: string): Promise<string> {
  const issued = await studio.access.firstAdmin?.issueIfNoAdmin();
  if (!issued) return '';
  return (
    `No admin yet: create the first one within an hour at ${linkUrl(base, 'setup', issued.token)} ` +
    '(the link works once).\n'
  );
}

main().catch((error) => {
  process.stderr.write(`Agent Studio failed to start: ${errorMessage(error)}\n`);
  process.exit(1);
});
