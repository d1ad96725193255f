/**
 * The studio configuration the test servers load (`STUDIO_CONFIG=dist/test-studio-config.js`): the
 * application's own `studio.config.ts` plus a scripted model under `test/scripted` and two tools
 * that make runs wait (approval, suspension), so tests through the production server, the CLI and
 * the browser can run agents and answer their pauses. The product has no test switch:
 * the server loads whichever configuration the setting names.
 */
import type { StudioOptions } from '../../lib';
import studioConfig from '../../studio.config';
import { pausingTools } from './pausing-tools';
import { createPromptScriptedModel } from './prompt-scripted-model';

const testStudioConfig: StudioOptions = {
  ...studioConfig,
  tools: { ...studioConfig.tools, ...pausingTools },
  models: { ...studioConfig.models, 'test/scripted': createPromptScriptedModel() },
};

export default testStudioConfig;
