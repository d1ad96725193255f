import type { StudioOptions } from './lib';
import { convertUnitsTool, searchKnowledgeBaseTool, worldTimeTool } from './lib/demo-tools';

/** The options the server, the CLI and the tests use. It calls nothing itself. */
const studioConfig: StudioOptions = {
  tools: {
    [convertUnitsTool.id]: convertUnitsTool,
    [worldTimeTool.id]: worldTimeTool,
    [searchKnowledgeBaseTool.id]: searchKnowledgeBaseTool,
  },
};

export default studioConfig;
