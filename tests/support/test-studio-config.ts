/**
 * The studio configuration the test servers load (`STUDIO_CONFIG=dist/test-studio-config.js`): the
 * application's own `studio.config.ts` plus a scripted model under `test/scripted`, two tools that
 * make runs wait (approval, suspension), and one code agent whose editor setting lets the editor
 * reword its tools' descriptions and nothing else, so tests through the production server, the CLI
 * and the browser can run agents and answer their pauses. The product has no test switch: the
 * server loads whichever configuration the setting names.
 */
import type { StudioOptions } from '../../lib';
import { Agent } from '../../lib/agents';
import { convertUnitsTool } from '../../lib/demo-tools';
import studioConfig from '../../studio.config';
import { pausingTools } from './pausing-tools';
import { createPromptScriptedModel } from './prompt-scripted-model';

const unitHelper = new Agent({
  id: 'unit-helper',
  name: 'Unit helper',
  instructions: 'Convert units for the user.',
  model: 'test/scripted',
  tools: { [convertUnitsTool.id]: convertUnitsTool },
  editor: { instructions: false, tools: { description: true } },
});

const testStudioConfig: StudioOptions = {
  ...studioConfig,
  tools: { ...studioConfig.tools, ...pausingTools },
  agents: { ...studioConfig.agents, [unitHelper.id]: unitHelper },
  models: { ...studioConfig.models, 'test/scripted': createPromptScriptedModel() },
};

export default testStudioConfig;
