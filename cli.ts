#!/usr/bin/env node
import { runCli } from './lib/cli';
import { dropWritesToClosedOutput } from './lib/closed-output';

dropWritesToClosedOutput();

process.exitCode = await runCli(process.argv.slice(2), {
  // Loaded only by the commands that open the database: the others start without the tool registry.
  studioOptions: async () => (await import('./studio.config')).default,
});
