/** Option parsers shared by the CLI's commands: they turn a bad value into a usage error (exit 2). */
import { InvalidArgumentError } from 'commander';
import { baseUrlProblem } from './validate/urls.js';

/** --base-url: an absolute http(s) URL without a query, fragment or credentials (urls.ts). */
export function parseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new InvalidArgumentError(`${problem}.`);
  return value;
}
