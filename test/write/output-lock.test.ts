/** The output folder's lock is given back by the file it is, without reading it (a build that
 * failed for want of open files could not read it, and left it behind), and a lock another process
 * took over in its place is left to that process. */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ResourceError, UsageError } from '../../src/diagnostics/diagnostic.js';
import { FOREIGN_LOCK_STALE_MS, lockFileOf, lockHolder, lockOutputFolder, OutputLockedError } from '../../src/write/output-lock.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('output lock');

test('taken, held against a second taker, given back', () => {
  const out = path.join(tempDir(), 'dist');
  const lock = lockOutputFolder(out);
  assert.equal(JSON.parse(readFileSync(lockFileOf(out), 'utf8')).pid, process.pid);
  assert.throws(() => lockOutputFolder(out), (e: unknown) => e instanceof OutputLockedError);
  lock.release();
  assert.not.ok(existsSync(lockFileOf(out)));
  lockOutputFolder(out).release();
});

test('a lock file put in its place (another process taking it over) is not removed, even one naming this process', () => {
  const out = path.join(tempDir(), 'dist');
  const lock = lockOutputFolder(out);
  const file = lockFileOf(out);
  const other = `${file}.other`;
  writeFileSync(other, readFileSync(file));
  renameSync(other, file);
  lock.release();
  assert.ok(existsSync(file), 'the new holder keeps its lock');
});

test("what legalsite did not write at the lock's name is refused and left as it was, whatever it is", () => {
  const cases: [string, (file: string) => void, (file: string) => void][] = [
    ['a text file', (f) => writeFileSync(f, 'my notes\n'), (f) => assert.is(readFileSync(f, 'utf8'), 'my notes\n')],
    ['JSON of another shape', (f) => writeFileSync(f, '{"pid": 999999, "owner": "me"}'), (f) => assert.is(readFileSync(f, 'utf8'), '{"pid": 999999, "owner": "me"}')],
    ['JSON that is not an object', (f) => writeFileSync(f, '999999'), (f) => assert.is(readFileSync(f, 'utf8'), '999999')],
    ['a large file', (f) => writeFileSync(f, JSON.stringify({ pid: 999999 }) + ' '.repeat(4096)), (f) => assert.ok(existsSync(f))],
    ['a folder', (f) => { mkdirSync(f); writeFileSync(path.join(f, 'kept'), 'x'); }, (f) => assert.equal(readdirSync(f), ['kept'])],
    ['a link', (f) => symlinkSync('/nonexistent-target', f), (f) => assert.ok(existsSync(path.dirname(f)) && readdirSync(path.dirname(f)).includes(path.basename(f)))],
  ];
  for (const [what, make, unchanged] of cases) {
    const out = path.join(tempDir(), 'dist');
    make(lockFileOf(out));
    assert.throws(() => lockOutputFolder(out), (e: unknown) => e instanceof UsageError && /is in the way/.test((e as Error).message), what);
    assert.throws(() => lockHolder(out) ?? lockOutputFolder(out), (e: unknown) => e instanceof UsageError, `${what}: no holder`);
    unchanged(lockFileOf(out));
  }
});

test("a killed build's lock, written or not, is taken over", () => {
  for (const left of [JSON.stringify({ pid: 999999, started: '1' }), JSON.stringify({ pid: 999999 }), '']) {
    const out = path.join(tempDir(), 'dist');
    writeFileSync(lockFileOf(out), left);
    // An empty lock stands for a build killed before it wrote it: one that has stood a while.
    if (left === '') utimesSync(lockFileOf(out), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    assert.is(lockHolder(out), undefined);
    const lock = lockOutputFolder(out);
    assert.is(JSON.parse(readFileSync(lockFileOf(out), 'utf8')).pid, process.pid, JSON.stringify(left));
    lock.release();
    assert.not.ok(existsSync(lockFileOf(out)));
  }
});

test('a lock just made and not yet written is not taken for a killed build\'s: the build says another is starting', () => {
  const out = path.join(tempDir(), 'dist');
  writeFileSync(lockFileOf(out), '');
  assert.throws(() => lockOutputFolder(out), (e: unknown) => e instanceof ResourceError && /another legalsite command is starting to use .*dist at this very moment/.test((e as Error).message));
  assert.ok(existsSync(lockFileOf(out)));
});

test('a lock taken in another namespace of process numbers (a container) is never judged by its number here: refused, with how to clear it, until it is older than any build', () => {
  const out = path.join(tempDir(), 'dist');
  writeFileSync(lockFileOf(out), JSON.stringify({ pid: 999999, started: '1', ns: 'pid:[1]' }));
  assert.throws(
    () => lockOutputFolder(out),
    (e: unknown) => e instanceof OutputLockedError && (e as Error).message.includes('process 999999 of another process namespace') && (e as Error).message.includes(`remove ${lockFileOf(out)}`),
  );
  assert.is(lockHolder(out), 999999);
  assert.ok(existsSync(lockFileOf(out)), 'left as it is');
  // Not for ever: a CI job killed in one container must not stop every later job, each in a new one.
  const longAgo = new Date(Date.now() - FOREIGN_LOCK_STALE_MS - 60_000);
  utimesSync(lockFileOf(out), longAgo, longAgo);
  assert.is(lockHolder(out), undefined);
  lockOutputFolder(out).release();
  assert.not.ok(existsSync(lockFileOf(out)));
});

test('builds that find the same stale lock at the same moment: one takes it, never two', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'dist');
  const script = path.join(dir, 'taker.mts');
  const module = path.resolve('src/write/output-lock.ts');
  // Each taker waits for the same instant, tries, and holds what it took for a while.
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
import { lockOutputFolder } from ${JSON.stringify(module)};
const at = Number(process.argv[2]);
while (Date.now() < at) {}
try {
  const lock = lockOutputFolder(${JSON.stringify(out)});
  const from = Date.now();
  await new Promise((r) => setTimeout(r, 300));
  appendFileSync(${JSON.stringify(path.join(dir, 'took'))}, from + ' ' + Date.now() + '\\n');
  lock.release();
} catch {}
`,
  );
  for (let round = 0; round < 4; round++) {
    rmSync(path.join(dir, 'took'), { force: true });
    writeFileSync(lockFileOf(out), JSON.stringify({ pid: 999999, started: '1' }));
    // Late enough for every taker to have started (a taker that comes late finds the lock held or
    // given back, and takes it in its turn: only times held together count).
    const at = Date.now() + 2500;
    await Promise.all([0, 1, 2, 3].map(() => execa('node', ['--import', 'tsx', script, String(at)])));
    const held = readFileSync(path.join(dir, 'took'), 'utf8').trim().split('\n').map((line) => line.split(' ').map(Number));
    const together = held.filter(([from, to], i) => held.some(([from2, to2], j) => i !== j && from < to2 && from2 < to));
    assert.equal(together, [], `round ${round}: held by two builds at once`);
    assert.equal(readdirSync(dir).filter((f) => f.includes('.takeover')), [], 'nothing left beside it');
  }
});

test.run();
