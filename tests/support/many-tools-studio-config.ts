/**
 * A configuration with more registered tools than the Tools page shows at once (the test
 * configuration plus 120 small catalogue tools), for the browser test that pages through the
 * Tools list. It runs on a server of its own: in the shared browser-test server these tools would
 * crowd every agent editor's tool picker.
 */
import { z } from 'zod';
import type { StudioOptions } from '../../lib';
import { createTool } from '../../lib/tools';
import testStudioConfig from './test-studio-config';

export const catalogueToolCount = 120;

const catalogueTools = Object.fromEntries(
  Array.from({ length: catalogueToolCount }, (_, index) => {
    const id = `catalogue-tool-${String(index).padStart(3, '0')}`;
    const tool = createTool({
      id,
      description: `Catalogue entry ${index}`,
      inputSchema: z.object({ note: z.string().optional() }),
      execute: async () => ({ index }),
    });
    return [id, tool];
  }),
);

const manyToolsStudioConfig: StudioOptions = {
  ...testStudioConfig,
  tools: { ...testStudioConfig.tools, ...catalogueTools },
};

export default manyToolsStudioConfig;
