/**
 * The studio configuration the test servers load (`STUDIO_CONFIG=dist/test-studio-config.js`): the
 * application's own `studio.config.ts` plus a scripted model under `test/scripted`, so tests through
 * the production server, the CLI and the browser can run agents. The product has no test switch:
 * the server loads whichever configuration the setting names.
 */
import type { StudioOptions } from '../../lib';
import studioConfig from '../../studio.config';
import { createPromptScriptedModel } from './prompt-scripted-model';

const testStudioConfig: StudioOptions = {
  ...studioConfig,
  models: { ...studioConfig.models, 'test/scripted': createPromptScriptedModel() },
};

export default testStudioConfig;
