#!/usr/bin/env node
// The CLI lives in src/cli.ts, compiled to lib/ by `npm ci` (the prepare script).
// React must load in production mode (its development build is several times slower), so the
// environment is set before the CLI, and with it React, is imported.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/src/cli.js');

process.exitCode = await main(process.argv);
