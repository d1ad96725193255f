import packageJson from '../package.json' with { type: 'json' };

/** The product version, from package.json. */
export const studioVersion: string = packageJson.version;
