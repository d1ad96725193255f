import type { StudioOptions } from './lib';

/** The options the server, the CLI and the tests use. It calls nothing itself. */
const studioConfig: StudioOptions = {};

export default studioConfig;
