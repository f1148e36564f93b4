/** `legalsite build`: builds the site into the output folder, atomically (src/build.ts). */
import { withCommon, type CommonOptions } from './build-options.js';
import type { RegisterCommand } from './io.js';
import { runBuild } from './report.js';

export const registerBuildCommand: RegisterCommand = (program, io, done) => {
  withCommon(program.command('build').description('build the site into the output folder (atomically)')).action(async (opts: CommonOptions) => {
    done(await runBuild(opts, true, io));
  });
};
