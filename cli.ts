#!/usr/bin/env node
import { runCli } from './lib/cli';

process.exitCode = await runCli(process.argv.slice(2));
