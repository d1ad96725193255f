/**
 * The editor's pages are bundled by Next separately from server.ts, so they cannot share module
 * instances with it. The running studio is published on `globalThis` under one symbol; pages read
 * it through `currentStudio()`.
 */
import type { Studio } from './index';

const key = Symbol.for('agent-studio.studio');

type Holder = { [key]?: Studio };

export function publishStudio(studio: Studio) {
  (globalThis as Holder)[key] = studio;
}

export function currentStudio(): Studio {
  const studio = (globalThis as Holder)[key];
  if (!studio) throw new Error('The studio is not running in this process: start the app with `npm start`.');
  return studio;
}
