/** Module resolution hooks for register.mjs: one line per resolved package module. */
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  // Written synchronously, so a line is in the file before the import it records completes.
  if (file && result.url.includes('/node_modules/')) appendFileSync(file, `${result.url}\n`);
  return result;
}
