/** Test helper: runs the CLI's `main()` in this process with captured output, for the many calls a
 * publish or notify scenario needs (spawning the CLI costs half a second each). Paths must be absolute. */
import { main } from '../../src/cli.js';

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** `legalsite ...args` in process; `env` is what the command sees as its environment. */
export async function runInProcess(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await main(['node', 'legalsite', ...args], { stdout: (s) => out.push(s), stderr: (s) => err.push(s), isTTY: false, env: { NO_COLOR: '1', ...env } });
  return { exitCode, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** Sets environment variables for the duration of a suite; returns a function that restores them. */
export function withEnv(vars: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
