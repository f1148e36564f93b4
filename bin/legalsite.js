#!/usr/bin/env node
// The CLI lives in src/cli.ts, compiled to lib/ by `npm ci` (the prepare script).
import { main } from '../lib/src/cli.js';

process.exitCode = await main(process.argv);
