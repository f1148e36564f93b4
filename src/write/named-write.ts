/**
 * A write that fails once its file is open (a full disk, a quota) gives an error without a path:
 * Node names the system call only ("ENOSPC: no space left on device, write"). The user's line
 * (diagnostics/environment.ts) names the path it finds in the error, so the writes of a build's
 * files add it, in the form Node gives other calls ("…, write '/path'"), which also survives the
 * trip from a worker thread, where only the message does.
 * Reads: nothing. Writes: `file`.
 */
import { writeFileSync } from 'node:fs';

/** writeFileSync, whose failure names `file`. */
export function writeFileNamed(file: string, data: string | Uint8Array): void {
  try {
    writeFileSync(file, data);
  } catch (error) {
    throw namingFile(error, file);
  }
}

/** `error`, a system error without a path, made to name `file`; any other error as it is. */
export function namingFile(error: unknown, file: string): unknown {
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error) || e.path !== undefined || typeof e.code !== 'string' || !/^E[A-Z]{2,}$/.test(e.code)) return error;
  e.path = file;
  e.message = `${e.message} '${file}'`;
  return e;
}
