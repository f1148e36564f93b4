/** `legalsite serve`: builds, then serves the output folder for preview, rebuilding what an edit
 * changes (src/dev/dev-server.ts). */
import { build } from '../build.js';
import { createBuildCache } from '../engine/build-cache.js';
import { withCommon, type CommonOptions } from './build-options.js';
import type { RegisterCommand } from './io.js';
import { parseHost, parsePort } from './parsers.js';
import { report } from './report.js';
import { onStop, stopCleanlyOnSignals } from '../write/interruption.js';

export const registerServeCommand: RegisterCommand = (program, io, done) => {
  withCommon(program.command('serve').description('build, then serve the output folder for preview'))
    .option('--port <n>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'address to bind (use 0.0.0.0 to expose)', parseHost, '127.0.0.1')
    .action(async (opts: CommonOptions & { port: number; host: string }) => {
      // One in-memory cache from the first build on, so start-up builds the site once, not twice. It
      // starts from the build cache on disk and the output folder as the last build left it, so a
      // large site's first build makes only what changed since (and saves both for the next build).
      const cache = createBuildCache();
      // Ids are given against the id file, never written to it: `legalsite build` records them. Ctrl-C
      // stops serve as it stops `legalsite build` (write/interruption.ts): never in the middle of a
      // commit, the quick previews of a rebuild it cut short put back, the process ended by the signal.
      const stopOnSignalsNoMore = stopCleanlyOnSignals();
      try {
        const first = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: true, cache, diskCache: opts.cache, workers: opts.workers, retainFiles: false, force: opts.force, pinpoints: 'read' });
        const code = report(first, opts, true, io);
        done(code);
        if (code !== 0) return;
        const { startDevServer } = await import('../dev/dev-server.js');
        const server = await startDevServer(first, { contentDir: opts.content, outDir: opts.out, cwd: process.cwd(), baseUrl: opts.baseUrl, host: opts.host, port: opts.port, cache, log: (l) => io.stdout(l) });
        const noLongerStoppable = onStop(() => server.stop());
        await server.ready;
        io.stdout(`Serving ${opts.out}/ at ${server.url} (watching ${opts.content}/ for changes; Ctrl-C to stop)`);
        await server.closed;
        noLongerStoppable();
      } finally {
        stopOnSignalsNoMore();
      }
    });
};
