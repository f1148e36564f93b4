#!/usr/bin/env node
// The CLI lives in src/cli.ts, compiled to lib/ by `npm ci` (the prepare script).
// React must load in production mode (its development build is several times slower), so the
// environment is set before the CLI, and with it React, is imported.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';

// A build at 10,000 pages allocates gigabytes of short-lived strings. V8's default young generation
// (16 MB semi-spaces) promotes most of them to the old generation, and collecting that cost a
// quarter of a 10,000-article build; 64 MB semi-spaces cut the build time by about a fifth. Heap
// sizes can only be set when Node starts, so the CLI runs in a child Node with them, unless the
// caller chose its own (a flag on the command line or in NODE_OPTIONS).
const heapFlags = [
  '--max-semi-space-size=64',
  `--max-old-space-size=${Math.min(16384, Math.max(4096, Math.floor((os.totalmem() / 2 ** 20) * 0.75)))}`,
];
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--max-(semi|old)-space-size/.test(a));

if (chosen || process.env.LEGALSITE_NO_RESPAWN) {
  if (process.channel) {
    // Started by the launcher below: if it dies without passing a signal on, end as if told to stop.
    process.channel.unref();
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  const { main } = await import('../lib/src/cli.js');
  process.exitCode = await main(process.argv);
} else {
  const child = spawn(process.execPath, [...process.execArgv, ...heapFlags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, LEGALSITE_NO_RESPAWN: '1' },
  });
  // Ctrl-C reaches both processes (one process group); a signal sent to this one alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
