/** An update of the output folder (write/output-target.ts) deletes exactly the files this build did
 * not make, keeps what it found unchanged and records both; a folder it could not list, or one holding
 * a link, is written afresh, and nothing outside it changes. */
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listNow, type ScannedFolder } from '../../src/write/file-thread.js';
import { hashOf } from '../../src/hash.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import { type OutputRecord, OutputRecords } from '../../src/write/output-records.js';
import { OutputTarget } from '../../src/write/output-target.js';
import { openOutput } from '../../src/build/output.js';
import type { BuildRun } from '../../src/build/run.js';
import type { LastBuild } from '../../src/build/up-to-date.js';
import { listFiles, tempDir } from '../helpers/sites.js';

const test = suite('output target');

/** An output folder a build left: kept.html and gone.html recorded, and a stray file it never made. */
function lastOutput(): { out: string; previous: OutputRecords } {
  const out = path.join(tempDir('legalsite-target-'), 'dist');
  mkdirSync(path.join(out, 'sub'), { recursive: true });
  const records: [string, OutputRecord][] = [];
  for (const [file, fingerprint] of [[OUTPUT_MARKER, hashOf(OUTPUT_MARKER_TEXT)], ['kept.html', 'k1'], ['sub/gone.html', 'g1'], ['remade.html', 'r1']]) {
    writeFileSync(path.join(out, file), file === OUTPUT_MARKER ? OUTPUT_MARKER_TEXT : `${file} as the last build wrote it`);
    const st = statSync(path.join(out, file));
    records.push([file, { fingerprint, size: st.size, mtimeMs: st.mtimeMs }]);
  }
  writeFileSync(path.join(out, 'stray.txt'), 'put here by hand');
  return { out, previous: OutputRecords.from(records) };
}

/** The folder as the file thread lists it. */
function scanOf(out: string): ScannedFolder {
  return listNow(out)!;
}

{
  test('an update keeps what is unchanged, replaces what was made again, and deletes the rest', async () => {
    const { out, previous } = lastOutput();
    const target = OutputTarget.update(out, previous, scanOf(out));
    assert.ok(target.updating);
    assert.not.ok(target.needs('kept.html', 'k1'), 'an unchanged file is kept');
    assert.ok(target.needs('remade.html', 'r2'), 'a changed fingerprint is made again');
    target.write('remade.html', 'made again', 'r2');
    target.write('new.html', 'new', 'n1');
    const report = await target.commit();
    assert.equal(report.deleted, ['stray.txt', 'sub/gone.html'], 'what this build did not make, and nothing else');
    assert.equal(report.written, ['new.html', 'remade.html']);
    assert.equal(listFiles(out), [OUTPUT_MARKER, 'kept.html', 'new.html', 'remade.html']);
    assert.equal(readdirSync(path.dirname(out)), ['dist'], 'no staging folder left beside it');
    assert.equal([...report.records.paths], [OUTPUT_MARKER, 'kept.html', 'new.html', 'remade.html']);
    assert.equal(report.records.get('kept.html'), previous.get('kept.html'), 'the kept file keeps its record');
    assert.is(report.records.get('remade.html')!.fingerprint, 'r2');
    assert.is(report.records.get('new.html')!.size, 3);
  });
}

test('a file edited by hand since the last build is not taken for unchanged', async () => {
  const { out, previous } = lastOutput();
  writeFileSync(path.join(out, 'kept.html'), 'edited by hand, and longer than it was');
  const target = OutputTarget.update(out, previous, scanOf(out));
  assert.ok(target.needs('kept.html', 'k1'));
  assert.is(target.previousIfIntact('kept.html'), undefined);
  assert.is(target.previousIfIntact('remade.html'), 'r1', 'the others are as they were');
  await target.abort();
});

test('a file found intact with its fingerprint is kept by its position; edited, or another fingerprint, it has none', async () => {
  const { out, previous } = lastOutput();
  writeFileSync(path.join(out, 'remade.html'), 'edited by hand, and longer than it was');
  const target = OutputTarget.update(out, previous, scanOf(out));
  const at = target.intactAt('kept.html', 'k1');
  assert.ok(at >= 0);
  assert.is(target.intactAt('kept.html', 'k2'), -1, 'made with another fingerprint');
  assert.is(target.intactAt('remade.html', 'r1'), -1, 'edited since');
  assert.is(target.intactAt('never-made.html', 'k1'), -1);
  target.keepAt(at);
  target.write('remade.html', 'made again', 'r2');
  const report = await target.commit();
  assert.equal(listFiles(out), [OUTPUT_MARKER, 'kept.html', 'remade.html'], 'kept by its position, the rest deleted');
  assert.equal(report.records.get('kept.html'), previous.get('kept.html'));
});

test('a file written by another thread is recorded as that thread stated it once written, not as the commit finds it', async () => {
  const out = path.join(tempDir('legalsite-target-'), 'dist');
  const target = OutputTarget.fresh(out);
  const stated = (file: string, body: string) => {
    const at = target.pathForNew(file);
    writeFileSync(at, body);
    const st = statSync(at);
    return { size: st.size, mtimeMs: st.mtimeMs };
  };
  const onShard = stated('shard.html', 'made on a shard');
  target.written('shard.html', 's1', onShard);
  target.written('rewritten.html', 'r1', stated('rewritten.html', 'made on a shard, then again here'));
  target.write('rewritten.html', 'made here', 'r2');
  target.written('unstated.html', 'u1');
  writeFileSync(target.pathForNew('unstated.html'), 'made on the file thread');
  // Changed by someone else between its write and the commit: its record must not vouch for it.
  writeFileSync(path.join(target.dir, 'shard.html'), 'changed in the staging folder before the commit');
  const { records } = await target.commit();
  assert.equal(records.get('shard.html'), { fingerprint: 's1', ...onShard });
  assert.is.not(statSync(path.join(out, 'shard.html')).size, records.get('shard.html')!.size, 'the next build takes it as changed');
  for (const file of ['rewritten.html', 'unstated.html']) {
    const st = statSync(path.join(out, file));
    assert.equal(records.get(file), { fingerprint: file === 'rewritten.html' ? 'r2' : 'u1', size: st.size, mtimeMs: st.mtimeMs }, `${file} is stated at the commit`);
  }
});

test('a build whose listing of the output folder was spoilt (a file went while it was taken) lists it again and updates it', async () => {
  const { out, previous } = lastOutput();
  const run = { opts: { write: true, cache: { outputs: { outDir: out, records: previous } } }, outAbs: out, keep: false } as unknown as BuildRun;
  const target = (await openOutput(run, { outputScan: { help: async () => undefined } } as unknown as LastBuild, true))!;
  assert.ok(target.updating, 'not written afresh');
  assert.not.ok(target.needs('kept.html', 'k1'), 'what is unchanged is kept');
  await target.abort();
});

test('an output folder that could not be listed is written afresh', async () => {
  const { out, previous } = lastOutput();
  const target = OutputTarget.update(out, previous, undefined);
  assert.not.ok(target.updating);
  assert.ok(target.needs('kept.html', 'k1'), 'nothing is trusted unlisted');
  target.write('kept.html', 'made again', 'k1');
  await target.commit();
  assert.equal(listFiles(out), [OUTPUT_MARKER, 'kept.html']);
});

for (const link of ['a folder', 'a file']) {
  test(`an output folder holding a link to ${link} outside it is written afresh: the link goes, what it leads to stays as it was`, async () => {
    const { out, previous } = lastOutput();
    const elsewhere = path.join(path.dirname(out), 'elsewhere');
    mkdirSync(elsewhere);
    // The user's own files, under the names the build writes.
    writeFileSync(path.join(elsewhere, 'gone.html'), 'my own notes');
    writeFileSync(path.join(elsewhere, 'keep.txt'), 'keep me');
    if (link === 'a folder') {
      rmSync(path.join(out, 'sub'), { recursive: true });
      symlinkSync(elsewhere, path.join(out, 'sub'));
    } else symlinkSync(path.join(elsewhere, 'gone.html'), path.join(out, 'linked.html'));
    const target = OutputTarget.update(out, previous, scanOf(out));
    assert.not.ok(target.updating, 'no update moves files through a link');
    target.write('sub/gone.html', 'made by this build', 'g2');
    target.write('linked.html', 'made by this build', 'l1');
    await target.commit();
    assert.equal(readFileSync(path.join(elsewhere, 'gone.html'), 'utf8'), 'my own notes');
    assert.equal(readFileSync(path.join(elsewhere, 'keep.txt'), 'utf8'), 'keep me');
    assert.equal(readdirSync(elsewhere).sort(), ['gone.html', 'keep.txt']);
    assert.not.ok(lstatSync(path.join(out, 'sub')).isSymbolicLink(), 'the folder is a folder of the build now');
    assert.equal(listFiles(out), [OUTPUT_MARKER, 'linked.html', 'sub/gone.html']);
    assert.equal(readdirSync(path.dirname(out)).sort(), ['dist', 'elsewhere'], 'nothing left beside it');
  });
}

test('a folder of the output replaced by a link while the build ran: the commit moves nothing and says so', async () => {
  const { out, previous } = lastOutput();
  const target = OutputTarget.update(out, previous, scanOf(out));
  target.write('sub/new.html', 'made by this build', 'n1');
  const elsewhere = path.join(path.dirname(out), 'elsewhere');
  mkdirSync(elsewhere);
  writeFileSync(path.join(elsewhere, 'gone.html'), 'my own notes');
  rmSync(path.join(out, 'sub'), { recursive: true });
  symlinkSync(elsewhere, path.join(out, 'sub'));
  let message = '';
  try {
    await target.commit();
  } catch (error) {
    message = (error as Error).message;
  }
  assert.match(message, /sub in the output folder .* stopped being a folder while the build ran .*nothing was moved\. Run the build again/);
  await target.abort();
  assert.equal(readdirSync(elsewhere), ['gone.html']);
  assert.is(readFileSync(path.join(elsewhere, 'gone.html'), 'utf8'), 'my own notes');
  assert.ok(lstatSync(path.join(out, 'sub')).isSymbolicLink(), 'the output folder as it was');
  assert.equal(readdirSync(path.dirname(out)).sort(), ['dist', 'elsewhere'], 'no staging folder left');
});

test('a file reported unchanged that the last build did not record is an error, not a file kept and then deleted', async () => {
  const { out, previous } = lastOutput();
  const target = OutputTarget.update(out, previous, scanOf(out));
  assert.throws(() => target.unchanged('stray.txt'), /did not record it/);
  await target.abort();
  assert.equal(readdirSync(path.dirname(out)), ['dist']);
});

test('an abandoned target writes nothing more: its staging folder, once removed, is not made again', async () => {
  const { out, previous } = lastOutput();
  const target = OutputTarget.update(out, previous, scanOf(out));
  target.write('new/page.html', 'new', 'n1');
  const beside = () => readdirSync(path.dirname(out)).filter((f) => f !== 'dist');
  assert.is(beside().length, 1, 'the staging folder');
  await target.abort();
  assert.equal(beside(), [], 'removed');
  // A write that comes after (the build's main thread still running as a stop removes its folder).
  assert.throws(() => target.write('other/late.html', 'late', 'l1'), /was not written: the build was abandoned/);
  assert.throws(() => target.pathForNew('more/late.html'), /abandoned/);
  assert.equal(beside(), [], 'not made again');
});

test.run();
