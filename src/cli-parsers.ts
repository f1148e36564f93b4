/** Option parsers shared by the CLI's commands: they turn a bad value into a usage error (exit 2). */
import { InvalidArgumentError } from 'commander';

export function parseUrl(value: string): string {
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new InvalidArgumentError('write an absolute URL such as https://reference.example.com.');
  return value;
}
