/**
 * The baseline of the concurrent-streams figure: a bare `node:http` server whose every request
 * runs the AI SDK's `streamText` with the scripted model and tools the studio's configuration
 * registers (bench/streamed-run-script.ts), 3 steps at most, and pipes the result as the SDK's
 * UI message stream (Server-Sent Events ending with a `finish` chunk). Built to
 * dist/bare-stream-server.js; prints `listening <port>` once it listens.
 */
import { createServer } from 'node:http';
import { jsonSchema, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import {
  createStreamedRunModel,
  streamedRunInstructions,
  streamedRunPrompt,
  streamedRunTools,
} from './streamed-run-script';

const model = createStreamedRunModel();
const tools: ToolSet = Object.fromEntries(
  streamedRunTools.map((definition) => [
    definition.id,
    tool({
      description: definition.description,
      inputSchema: jsonSchema<{ value: string }>(definition.inputJsonSchema),
      execute: (input: { value: string }) => definition.execute(input),
    }),
  ]),
);

const server = createServer((request, response) => {
  // The body is the studio's run body; the run is the same whatever it says, so it is only drained.
  request.resume();
  request.once('end', () => {
    const result = streamText({
      model,
      system: streamedRunInstructions,
      prompt: streamedRunPrompt,
      tools,
      stopWhen: stepCountIs(3),
    });
    void result.pipeUIMessageStreamToResponse(response);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
