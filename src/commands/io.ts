/**
 * What a command talks to: the terminal, or a test's buffers. Each command registers itself on the
 * program with the Io it writes to and reports its exit code through `done` (src/cli.ts runs them).
 */
import type { Command } from 'commander';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Writes without a newline (progress lines on a terminal). */
  stderrRaw?: (s: string) => void;
}

/** Adds one command to the program; `done` receives its exit code. */
export type RegisterCommand = (program: Command, io: Io, done: (code: number) => void) => void;

/** The process's terminal streams, each told once that a reader who stops reading is no error. */
export const processIo = (): Io => {
  quietWhenReaderLeaves(process.stdout);
  quietWhenReaderLeaves(process.stderr);
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
 * still commits, saves its state and exits 0), where Node would end it with a stack trace. */
function quietWhenReaderLeaves(stream: NodeJS.WriteStream): void {
  if (quieted.has(stream)) return;
  quieted.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
