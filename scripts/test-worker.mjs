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
  process.exitCode = 0;
  let text = '';
  const restore = capture(process.stdout, (chunk) => (text += chunk), capture(process.stderr, (chunk) => (text += chunk)));
  let code = 0;
  try {
    await import(pathToFileURL(message.file).href);
    await uvu.exec();
    code = process.exitCode ?? 0;
  } catch (error) {
    process.stderr.write(`${error?.stack ?? error}\n`);
    code = 1;
  } finally {
    restore();
  }
  process.exitCode = 0;
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  const shown = text.replace(/^.*\b(Total|Passed|Skipped|Duration):.*\n?/gm, '').replace(/\n{3,}/g, '\n\n');
  process.send({ text: shown, total: count('Total'), passed: count('Passed'), skipped: count('Skipped'), code });
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
