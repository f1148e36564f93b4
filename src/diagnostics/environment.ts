/**
 * Failures of the machine, not of the content or of legalsite: a full disk, a permission refused, a
 * read-only folder, a port in use, a host that does not exist. Each becomes one line naming the path
 * or port and what to do, with exit code 4 (docs/cli.md: exit codes), never "a bug in legalsite" and
 * never a stack trace. An error from a worker thread arrives without its `code`, so the code is also
 * read from the message Node gives every system error ("ENOSPC: no space left on device, write").
 */

/** Exit code for a failure of the environment. */
export const ENVIRONMENT_EXIT = 4;

/** A failure of the environment already put in words (a server that did not answer), exit code 4. */
export class EnvironmentError extends Error {}

interface SystemError {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
  port?: number;
  address?: string;
  hostname?: string;
}

/** Failures of the machine that a read of any file can meet, whatever the file: too many open files,
 * no memory, no thread to be had, a disk error. */
const MACHINE_FAILURES = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'EAGAIN', 'EIO']);

/** Whether `error` is the machine's failure, not the file's (load/content-read.ts). */
export function isMachineFailure(error: unknown): boolean {
  const code = systemError(error)?.code;
  return code !== undefined && MACHINE_FAILURES.has(code);
}

/** The user's message for a failure of the environment, or undefined when `error` is not one. */
export function environmentMessage(error: unknown): string | undefined {
  const e = systemError(error);
  if (!e) return undefined;
  const where = e.path ? ` ${e.path}` : '';
  switch (e.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk is full (could not write${where || ' a file'}). Free some space, or write elsewhere with --out, and run again; the output folder was left as it was.`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied${e.syscall ? ` (${e.syscall})` : ''}${where ? ` for${where}` : ''}. Check that you may read and write there, or choose another folder.`;
    case 'EROFS':
      return `${where ? `${where.trim()} is` : 'the folder is'} on a read-only file system. Write elsewhere with --out.`;
    case 'EADDRINUSE':
      return `${e.port === undefined ? 'the port' : `port ${e.port}`} on ${e.address ?? 'this machine'} is already in use. Stop the other server, or choose another port with --port.`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${e.address ?? 'that address'}: it is not an address of this machine. Use --host 127.0.0.1 (or 0.0.0.0 to expose the server).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name ${e.hostname ?? e.address ?? '(unknown)'} could not be found. Check the spelling, or use an address such as 127.0.0.1.`;
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open at once on this machine. Close other programs, or raise the limit (ulimit -n), and run again.';
    case 'EAGAIN':
      return 'the machine would not start another process or thread (too many are running, or ulimit -u is low). Close other programs, or raise the limit, and run again.';
    case 'ENOMEM':
      return 'the machine ran out of memory. Close other programs, or build with fewer threads (--workers 1), and run again.';
    case 'EIO':
      return `the disk failed to read or write${where}. Check the disk, and run again.`;
    case 'ENAMETOOLONG':
      return `a path is too long for this file system:${where}. Use a shorter output folder path.`;
    case 'ELOOP':
      return `too many links lead in a circle at${where}. Remove the looping link.`;
    case 'EBUSY':
      return `${where ? where.trim() : 'a folder'} is busy (a mount point, or in use by another program). A build replaces its output folder by renaming it: write into a folder inside it instead (e.g. --out ${e.path ? `${e.path.replace(/\.legalsite-\w+-\d+-\w+$/, '')}/site` : 'dist/site'}).`;
    case 'EXDEV':
      return `the output folder and the folder beside it are on different file systems${where ? ` (${where.trim()})` : ''}. Write into a folder inside the mount point instead.`;
    case 'ENOTEMPTY':
    case 'EEXIST':
      return `${where ? where.trim() : 'a folder'} changed under the build: is another build writing into the same output folder? Wait for it to finish, and run again.`;
    case 'ENOTDIR':
    case 'EISDIR':
      return `a file stands where a folder must be, or a folder where a file must be:${where || ' a path of the build'}. Remove it, or choose another folder.`;
    default:
      return undefined;
  }
}

const MESSAGE = /\b(E[A-Z]{2,}): [^,]*, (\w+)(?: '([^']*)')?/;

function systemError(error: unknown): SystemError | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as Error & Partial<SystemError>;
  if (typeof e.code === 'string' && /^E[A-Z]{2,}$/.test(e.code)) return e as SystemError;
  // A thread that could not start: "Worker initialization failure: EMFILE" (or EAGAIN, ENOMEM).
  const worker = e.code === 'ERR_WORKER_INIT_FAILED' && /\b(E[A-Z]{2,})\b/.exec(e.message);
  if (worker) return { code: worker[1] };
  const m = MESSAGE.exec(e.message);
  if (m) return { code: m[1], syscall: m[2], path: m[3] };
  return undefined;
}
