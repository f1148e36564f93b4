/** The candidate plan as the shards are sent it (engine/candidate-memo.ts sharedPlan). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type CandidatePlan, sharedPlan } from '../../src/engine/candidate-memo.js';
import { packLists } from '../../src/passes/recommendations/packed-lists.js';

const test = suite('candidate plan');

test('the lists kept from before are sent in shared memory, the same lists; a plan for every item is sent as it is', () => {
  const lists = () => packLists([[1, 2], undefined, [3]]);
  const plan = { change: { items: [0] }, previous: { best: lists(), prerequisites: packLists([[0]]), advanced: packLists([]) } } as unknown as CandidatePlan & { change: object };
  const sent = sharedPlan(plan);
  assert.ok(sent.change);
  assert.is(sent.change, plan.change);
  for (const name of ['best', 'prerequisites', 'advanced'] as const) {
    const [before, now] = [plan.previous[name], sent.previous[name]];
    assert.equal(Array.from(now.offsets), Array.from(before.offsets), name);
    assert.equal(Array.from(now.data), Array.from(before.data), name);
    assert.ok(now.data.buffer instanceof SharedArrayBuffer && now.offsets.buffer instanceof SharedArrayBuffer, `${name} shared`);
  }
  const everything: CandidatePlan = {};
  assert.is(sharedPlan(everything), everything);
});

test.run();
