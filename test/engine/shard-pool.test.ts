/** Closing the shard pool: a shard still busy with calls (a build stopped by an error) is stopped at
 * once, and its calls fail; it is not left to finish work no build wants. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ShardPool } from '../../src/engine/shard-pool.js';

const test = suite('shard pool');

test('a shard with a call still unanswered is stopped at close, and the call fails', async () => {
  const pool = ShardPool.start(1);
  const jobs = [{ rel: 'articles/a.md', abs: '/nonexistent/articles/a.md' }];
  // A first call answered: the worker is running.
  await pool.readFrontMatter(jobs);
  // Enough work that the answer cannot come before the close does.
  const many = Array.from({ length: 5000 }, (_, i) => ({ rel: `articles/a-${i}.md`, abs: `/nonexistent/articles/a-${i}.md` }));
  const pending = pool.readFrontMatter(many).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  await pool.close();
  // A shard asked to end would answer first, then exit by itself (exit code 0).
  const outcome = await pending;
  assert.match(outcome, /worker thread stopped \(exit code 1\)/, outcome);
});

test.run();
