/**
 * A shard on a worker thread: answers the pool's calls (shard-pool.ts) with the methods of one Shard,
 * one call at a time, in the order they come.
 */
import { parentPort } from 'node:worker_threads';
import { validatorFor } from '../validate/schema-validator.js';
import { Shard } from './shard.js';
import { END } from './shard-protocol.js';

export interface ShardCall {
  id: number;
  method: keyof Shard;
  args: unknown[];
}

export type ShardReply = { id: number; result: unknown } | { id: number; error: { name: string; message: string; stack?: string; file?: string } };

const shard = new Shard();
parentPort!.on('message', (call: ShardCall | typeof END) => {
  if (call === END) process.exit();
  const { id, method, args } = call;
  let reply: ShardReply;
  try {
    reply = { id, result: (shard[method] as (...a: unknown[]) => unknown)(...args) };
  } catch (error) {
    const e = error as Error & { file?: string };
    reply = { id, error: { name: e.name, message: e.message, stack: e.stack, file: e.file } };
  }
  parentPort!.postMessage(reply);
});

// A shard waits for its first call while the main thread loads the cache and the content: the
// article schema is compiled meanwhile rather than when the first article is read.
setImmediate(() => validatorFor('article'));
