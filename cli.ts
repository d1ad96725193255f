#!/usr/bin/env node
import { runCli } from './lib/cli';
import studioConfig from './studio.config';

process.exitCode = await runCli(process.argv.slice(2), { studioOptions: studioConfig });
