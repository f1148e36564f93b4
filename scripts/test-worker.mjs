// One worker of scripts/test.mjs: runs the test files it is sent, one at a time, with uvu as its own
// runner does (the file is imported, its suites queued, then run), and answers each with what the
// file printed and its counts. Started with tsx's loader (the test files are TypeScript).
import { pathToFileURL } from 'node:url';

// As uvu's CLI: suites wait for exec() instead of running themselves when imported.
globalThis.UVU_DEFER = 1;
const uvu = await import('uvu');

process.on('message', async (message) => {
  if (message.done) {
    process.disconnect();
    return;
  }
  globalThis.UVU_QUEUE.length = 0;
  globalThis.UVU_INDEX = 0;
  globalThis.UVU_QUEUE.push([message.name]);
  const counts = { total: 0, passed: 0, skipped: 0, failed: false };
  let text = '';
  const restore = capture(process.stdout, (chunk) => (text += chunk), capture(process.stderr, (chunk) => (text += chunk)));
  try {
    await import(pathToFileURL(message.file).href);
    // Counted from uvu's own results, not from what it prints: each queued suite resolves to
    // [errors, ran, skipped, total].
    const [group] = globalThis.UVU_QUEUE;
    for (let i = 1; i < group.length; i++) {
      const run = group[i];
      group[i] = async () => {
        const result = await run();
        const [errors, ran, skipped, total] = result;
        counts.total += total;
        counts.passed += ran;
        counts.skipped += skipped;
        // `errors` is the failures' report, or `true` when there were none.
        if ((typeof errors === 'string' && errors.length > 0) || ran < total) counts.failed = true;
        return result;
      };
    }
    await uvu.exec();
  } catch (error) {
    process.stderr.write(`${message.name}\n${error?.stack ?? error}\n`);
    counts.failed = true;
  } finally {
    restore();
  }
  process.exitCode = 0;
  // A file that could not be imported, or whose suite stopped in a hook, ran fewer tests than it has:
  // it counts as one failed test at least.
  if (counts.failed && counts.passed >= counts.total) counts.total = counts.passed + 1;
  // uvu's own summary of the one file (the last lines it printed) gives way to the runner's.
  const summary = text.lastIndexOf('\n  Total:');
  const shown = summary < 0 ? text : text.slice(0, summary).replace(/\s+$/, '') + '\n';
  process.send({ text: shown, ...counts });
});

/** Copies what `stream` is given to `into` as well; returns a function that stops it (and then `then`). */
function capture(stream, into, then = () => {}) {
  const write = stream.write;
  stream.write = function (chunk, ...rest) {
    into(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return write.call(this, chunk, ...rest);
  };
  return () => {
    stream.write = write;
    then();
  };
}
