/** Runs the CLI where file modes hold: root reads and writes any file whatever its mode, through
 * the capabilities CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH; as root the CLI runs without them
 * (setpriv, util-linux), still as root and owning the same files. */
import { execa } from 'execa';
import { BIN } from './sites.js';

export function unprivilegedCli(cwd: string): (args: string[]) => ReturnType<typeof execa> {
  const root = process.getuid?.() === 0;
  const env = { NO_COLOR: '1' };
  return (args) =>
    root
      ? execa('setpriv', ['--bounding-set=-dac_override,-dac_read_search', 'node', BIN, ...args], { cwd, reject: false, env })
      : execa('node', [BIN, ...args], { cwd, reject: false, env });
}
