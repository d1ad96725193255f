/**
 * Preloaded with `--import` (through NODE_OPTIONS) into a server under test: records the URL of
 * every package module the process imports into the file STUDIO_MODULE_LOG names, so a test can
 * tell which packages a request made the server load. The hooks run on Node's loader thread.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { file: process.env.STUDIO_MODULE_LOG } });
