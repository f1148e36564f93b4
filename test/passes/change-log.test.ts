/** An article's change log (issue 17): newest first, one date's entries in the file's order, each
 * with an anchor id that stays the same when entries of other dates come and go. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { changeLog, correctionsOf } from '../../src/passes/change-log.js';
import type { ChangeEntry } from '../../src/model.js';

const test = suite('change log');
const entry = (date: string, kind: ChangeEntry['kind'], summary: string): ChangeEntry => ({ date, kind, summary });

test('newest first; entries of one date keep the order the file gives them, and number from the second', () => {
  const log = changeLog({ changes: [entry('2025-09-01', 'update', 'a'), entry('2025-10-02', 'correction', 'b'), entry('2025-09-01', 'legal-change', 'c')] });
  assert.equal(log.map((c) => `${c.id} ${c.summary}`), ['change-2025-10-02 b', 'change-2025-09-01 a', 'change-2025-09-01-2 c']);
});

test("an entry's id does not change when an entry of another date is added before it in the file", () => {
  const before = changeLog({ changes: [entry('2025-09-01', 'update', 'a')] });
  const after = changeLog({ changes: [entry('2025-11-05', 'correction', 'new'), entry('2025-09-01', 'update', 'a')] });
  assert.is(after.find((c) => c.summary === 'a')!.id, before[0].id);
});

test('corrections are the entries of kind correction, newest first', () => {
  const corrections = correctionsOf({ changes: [entry('2025-09-01', 'correction', 'old'), entry('2025-09-03', 'update', 'u'), entry('2025-09-02', 'correction', 'new')] });
  assert.equal(corrections.map((c) => c.summary), ['new', 'old']);
});

test.run();
