/** An update of the output folder (write/output-target.ts) deletes exactly the files this build did
 * not make, keeps what it found unchanged and records both, whether the folder was listed on the file
 * thread first or is listed at the commit. */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FACTS_PER_FILE } from '../../src/write/file-worker.js';
import { ScannedFolder } from '../../src/write/file-thread.js';
import { hashOf } from '../../src/hash.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import { type OutputRecord, OutputRecords } from '../../src/write/output-records.js';
import { OutputTarget } from '../../src/write/output-target.js';
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
  const names = listFiles(out);
  const facts = new Float64Array(names.length * FACTS_PER_FILE);
  names.forEach((name, i) => {
    const st = statSync(path.join(out, name));
    facts.set([st.isFile() ? 1 : 0, st.size, st.mtimeMs, st.ctimeMs, st.ino], i * FACTS_PER_FILE);
  });
  return new ScannedFolder(names, facts);
}

for (const listed of [true, false]) {
  test(`an update keeps what is unchanged, replaces what was made again, and deletes the rest (${listed ? 'listed first' : 'listed at the commit'})`, async () => {
    const { out, previous } = lastOutput();
    const target = OutputTarget.update(out, previous, listed ? scanOf(out) : undefined);
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
  for (const listed of [true, false]) {
    const { out, previous } = lastOutput();
    writeFileSync(path.join(out, 'kept.html'), 'edited by hand, and longer than it was');
    const target = OutputTarget.update(out, previous, listed ? scanOf(out) : undefined);
    assert.ok(target.needs('kept.html', 'k1'));
    assert.is(target.previousIfIntact('kept.html'), undefined);
    assert.is(target.previousIfIntact('remade.html'), 'r1', 'the others are as they were');
    await target.abort();
  }
});

test('a file reported unchanged that the last build did not record is an error, not a file kept and then deleted', async () => {
  const { out, previous } = lastOutput();
  const target = OutputTarget.update(out, previous, scanOf(out));
  assert.throws(() => target.unchanged('stray.txt'), /did not record it/);
  await target.abort();
  assert.equal(readdirSync(path.dirname(out)), ['dist']);
});

test.run();
