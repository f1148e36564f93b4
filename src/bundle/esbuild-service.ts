/**
 * esbuild works in a process of its own, which it otherwise keeps until Node exits: 32 MB held
 * through the whole build for work done in its first second. Every call to it goes through here,
 * and its process is stopped once no call is under way; a later call starts it again (serve, when
 * the browser code changes).
 * Reads: nothing. Writes: nothing.
 */
import { stop } from 'esbuild';

let running = 0;

export async function withEsbuild<T>(call: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await call();
  } finally {
    if (--running === 0) await stop();
  }
}
