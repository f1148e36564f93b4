/**
 * The command line: `legalsite build | check | serve | publish | notify`. Each command registers
 * itself (src/commands/); this file makes the program, runs the command and turns what it threw
 * into an exit code: 0 ok, 1 content errors, 2 usage errors, 3 internal failure, 4 a failure of the
 * environment (disk full, permission denied, port in use: diagnostics/environment.ts).
 */
import { Command, CommanderError } from 'commander';
import { registerBuildCommand } from './commands/build.js';
import { registerCheckCommand } from './commands/check.js';
import { type Io, maskingCredentials, processIo, type RegisterCommand } from './commands/io.js';
import { registerNotifyCommand } from './commands/notify.js';
import { registerPublishCommand } from './commands/publish.js';
import { registerServeCommand } from './commands/serve.js';
import { ResourceError, UsageError } from './diagnostics/diagnostic.js';
import { ENVIRONMENT_EXIT, EnvironmentError, environmentMessage } from './diagnostics/environment.js';
import { ContentChangedError } from './engine/shard-protocol.js';
import { packageVersion } from './package-root.js';
import { CacheChangedError } from './write/disk-cache.js';
import { endWithCleanups, isStopping } from './write/interruption.js';

/** In the order `--help` lists them. */
const COMMANDS: RegisterCommand[] = [registerBuildCommand, registerCheckCommand, registerServeCommand, registerPublishCommand, registerNotifyCommand];

export async function main(argv: string[], given: Io = processIo()): Promise<number> {
  const io = maskingCredentials(given);
  let exitCode = 0;
  const program = new Command('legalsite')
    .description('Compile a folder of legal-practice content into a static, citable reference website.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s.trimEnd()), writeErr: (s) => io.stderr(s.trimEnd()) })
    .showHelpAfterError('(run with --help for usage)');
  for (const register of COMMANDS) register(program, io, (code) => (exitCode = code));
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    return exitCodeOf(error, argv, io);
  }
}

/** What escaped a command (an error thrown where no caller waits: esbuild's service failing to
 * start when no file can be opened) is said as a command's error would be, and ends the process
 * with its exit code once a running build has cleaned up as a stopped one does. */
export async function endUncaught(error: unknown, argv: string[], io: Io = processIo()): Promise<void> {
  await endWithCleanups(exitCodeOf(error, argv, maskingCredentials(io)));
}

/** What a command threw, said once on stderr (a stack trace only with --debug), as an exit code. */
function exitCodeOf(error: unknown, argv: string[], io: Io): number {
  // A build stopped by Ctrl-C or SIGTERM: what failed as its threads were stopped is the stop itself,
  // and the process ends by the signal once its cleanup is done (write/interruption.ts).
  if (isStopping()) return 130;
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
    return 2;
  }
  if (error instanceof ResourceError || error instanceof EnvironmentError) {
    io.stderr(`legalsite: ${error.message}`);
    return ENVIRONMENT_EXIT;
  }
  if (error instanceof UsageError) {
    io.stderr(`legalsite: ${error.message}`);
    return 2;
  }
  if (error instanceof ContentChangedError || error instanceof CacheChangedError) {
    // Files changed under the build (an editor saving, another build): nothing was published.
    io.stderr(`legalsite: ${error.message}`);
    return 1;
  }
  const environment = environmentMessage(error);
  if (environment) {
    io.stderr(`legalsite: ${environment}`);
    return ENVIRONMENT_EXIT;
  }
  const debug = argv.includes('--debug');
  io.stderr(`legalsite: internal failure: ${(error as Error).message}\nThis is a bug in legalsite${debug ? '' : ' (run with --debug for the stack trace)'}.`);
  if (debug) io.stderr(String((error as Error).stack));
  return 3;
}
