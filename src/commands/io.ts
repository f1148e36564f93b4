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

export const processIo = (): Io => ({
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  stderrRaw: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
});
