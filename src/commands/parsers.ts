/** Option parsers shared by the CLI's commands: they turn a bad value into a usage error (exit 2). */
import { InvalidArgumentError } from 'commander';
import { baseUrlProblem } from '../validate/urls.js';

/** --base-url: an absolute http(s) URL without a query, fragment or credentials (urls.ts). */
export function parseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new InvalidArgumentError(`${problem}.`);
  return value;
}

/** --workers */
export function parseWorkers(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('workers is a whole number from 1 to 64.');
  return n;
}

/** --port */
export function parsePort(value: string): number {
  // Number() reads "" as 0 (a random port, for `--port "$PORT"` with PORT unset) and also takes
  // 0x10 or 1e3: only decimal digits are a port.
  if (value.trim() === '') throw new InvalidArgumentError('the port is empty (an unset variable?): give a whole number from 0 to 65535, e.g. 4000.');
  const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  return n;
}

/** --host: an address to bind. Empty is refused rather than given to Node, which binds an empty
 * host on every interface: `--host "$HOST"` with HOST unset would expose the preview server. */
export const parseHost = (value: string): string => notEmpty(value, 'the host is empty (an unset variable?): give an address, e.g. 127.0.0.1 (the default), or 0.0.0.0 to expose the server on purpose.');

/** A folder that must not be empty: `--content "$CONTENT"` with CONTENT unset would read the
 * current folder, `check --dist "$DIST"` audit nothing at all and pass. */
export const parseFolder = (what: string, example: string) => (value: string): string => notEmpty(value, `the ${what} is empty (an unset variable?): name it, e.g. ${example}.`);

/** A name that must not be empty (--bucket "$BUCKET" with BUCKET unset). */
export const parseName = (what: string) => (value: string): string => notEmpty(value, `the ${what} is empty (an unset variable?).`);

function notEmpty(value: string, problem: string): string {
  if (value.trim() === '') throw new InvalidArgumentError(problem);
  return value;
}
