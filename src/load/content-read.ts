/**
 * Reading a content file. A file that cannot be read for reasons of its own (a permission, a folder
 * in its place, gone since it was listed) is a problem at that file, which the caller reports with
 * its name. A failure of the machine (too many open files: ulimit -n; memory; a disk error) is no
 * fault of the file: it is thrown, and ends the command as the environment's failure, one line and
 * exit 4 (diagnostics/environment.ts). Reported as content, a low open-files limit turned a build of
 * 2,000 articles into 1,100 "could not be read" errors and exit 1.
 * LEGALSITE_FAULT=read-fail:CODE:SUFFIX makes every read of a file whose path ends in SUFFIX fail with
 * the system error CODE, for the tests (test/cli/data-safety.test.ts); unset, it costs a comparison.
 * Reads: the file.
 */
import { readFileSync } from 'node:fs';
import { isMachineFailure } from '../diagnostics/environment.js';

const [faultKind, faultCode, faultSuffix] = (process.env.LEGALSITE_FAULT ?? '').split(':');
const faulty = faultKind === 'read-fail' && faultCode && faultSuffix ? faultSuffix : undefined;

/** The file's text, or undefined when the file cannot be read; throws when the machine failed. */
export function readContentText(abs: string): string | undefined {
  return readOrUndefined(abs, () => readFileSync(abs, 'utf8'));
}

/** The file's bytes, or undefined when the file cannot be read; throws when the machine failed. The
 * error, for a caller that names its code, is passed to `onError`. */
export function readContentBytes(abs: string, onError?: (error: unknown) => void): Buffer | undefined {
  return readOrUndefined(abs, () => readFileSync(abs), onError);
}

function readOrUndefined<T>(abs: string, read: () => T, onError?: (error: unknown) => void): T | undefined {
  try {
    if (faulty && abs.endsWith(faulty)) throw Object.assign(new Error(`${faultCode}: failed by LEGALSITE_FAULT, open '${abs}'`), { code: faultCode, syscall: 'open', path: abs });
    return read();
  } catch (error) {
    if (isMachineFailure(error)) throw error;
    onError?.(error);
    return undefined;
  }
}
