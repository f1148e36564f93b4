/**
 * What a command talks to: the terminal, or a test's buffers. Each command registers itself on the
 * program with the Io it writes to and reports its exit code through `done` (src/cli.ts runs them).
 */
import type { Command } from 'commander';
import { ENVIRONMENT_EXIT } from '../diagnostics/environment.js';
import { maskCredentials } from '../validate/urls.js';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Writes without a newline (progress lines on a terminal). */
  stderrRaw?: (s: string) => void;
}

/** `io` with any address's user name and password masked in what it writes ("https://user:***@…"):
 * commander quotes a rejected option's value whole (`--base-url https://user:secret@…`), and a CI
 * log keeps every line a command prints. No command has a reason to print a password. */
export function maskingCredentials(io: Io): Io {
  return {
    ...io,
    stdout: (s) => io.stdout(maskCredentials(s)),
    stderr: (s) => io.stderr(maskCredentials(s)),
    ...(io.stderrRaw ? { stderrRaw: (s: string) => io.stderrRaw!(maskCredentials(s)) } : {}),
  };
}

/** Adds one command to the program; `done` receives its exit code. */
export type RegisterCommand = (program: Command, io: Io, done: (code: number) => void) => void;

/** The process's terminal streams, each told once that a reader who stops reading is no error, and
 * that any other failure to write to them is the environment's. */
export const processIo = (): Io => {
  handleWriteFailures(process.stdout, 'standard output', process.stderr);
  handleWriteFailures(process.stderr, 'standard error');
  return terminalIo();
};

const terminalIo = (): Io => ({
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  stderrRaw: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
});

const quieted = new WeakSet<NodeJS.WriteStream>();

/** A reader that stops reading (`legalsite build | head -1`) closes its end of the pipe: what is
 * left to say has no one to hear it, and the command goes on to end as it would have (a build
 * still commits, saves its state and exits 0), where Node would end it with a stack trace.
 * Any other failure to write (`legalsite build > build.log` on a full disk) is said in one line on
 * `other`, when there is one that still works, and the command still ends as it would have (a build
 * still commits), but with exit code 4: what it had to say was lost. */
function handleWriteFailures(stream: NodeJS.WriteStream, name: string, other?: NodeJS.WriteStream): void {
  if (quieted.has(stream)) return;
  quieted.add(stream);
  let failed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || failed) return;
    failed = true;
    if (other && !other.destroyed) other.write(`legalsite: could not write to ${name}: ${error.code ?? error.message}${error.code ? ` (${writeFailure(error.code)})` : ''}. Free some space or write it somewhere else.\n`);
    process.once('exit', () => {
      if (!process.exitCode) process.exitCode = ENVIRONMENT_EXIT;
    });
  });
}

/** What a write error code means, for the one line a failed stream gets. */
function writeFailure(code: string): string {
  const said: Record<string, string> = { ENOSPC: 'the disk is full', EDQUOT: 'the disk quota is used up', EIO: 'an input/output error', EBADF: 'it is closed', EACCES: 'permission denied', EROFS: 'a read-only file system' };
  return said[code] ?? 'the write failed';
}
