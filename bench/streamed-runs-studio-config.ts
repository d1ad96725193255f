/**
 * The studio configuration of the concurrent-streams figure (`STUDIO_CONFIG` names its build,
 * dist/streamed-runs-studio-config.js): the application's own configuration plus the scripted
 * model that takes 50 ms per step and the two tools that answer at once (bench/streamed-run-script.ts).
 */
import type { StudioOptions } from '../lib';
import { createTool } from '../lib/tools';
import studioConfig from '../studio.config';
import { createStreamedRunModel, streamedRunModelId, streamedRunTools } from './streamed-run-script';

const streamedRunsStudioConfig: StudioOptions = {
  ...studioConfig,
  tools: {
    ...studioConfig.tools,
    ...Object.fromEntries(
      streamedRunTools.map((tool) => [
        tool.id,
        createTool({
          id: tool.id,
          description: tool.description,
          inputSchema: tool.inputJsonSchema,
          execute: (input: { value: string }) => tool.execute(input),
        }),
      ]),
    ),
  },
  models: { ...studioConfig.models, [streamedRunModelId]: createStreamedRunModel() },
};

export default streamedRunsStudioConfig;
