/** `legalsite build`: builds the site into the output folder, atomically (src/build.ts). */
import { withCommon, type CommonOptions } from './build-options.js';
import type { RegisterCommand } from './io.js';
import { runBuild } from './report.js';
import { stopCleanlyOnSignals } from '../write/interruption.js';

export const registerBuildCommand: RegisterCommand = (program, io, done) => {
  withCommon(program.command('build').description('build the site into the output folder (atomically)')).action(async (opts: CommonOptions) => {
    // Ctrl-C or SIGTERM: the build stops as a failed one does, never in the middle of its commit.
    const stopOnSignalsNoMore = stopCleanlyOnSignals();
    try {
      done(await runBuild(opts, true, io));
    } finally {
      stopOnSignalsNoMore();
    }
  });
};
