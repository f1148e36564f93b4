/** Many short lists of numbers in two typed arrays: cheap to send between threads and to cache
 * (recommendation features, candidate lists: engine/candidate-memo.ts). */
import { sharedCopy } from '../../parallel/shared-memory.js';

/** Lists of numbers in one array: list i is data[offsets[i] .. offsets[i + 1]). */
export interface PackedLists {
  offsets: Int32Array;
  data: Int32Array;
}

/** The lists in shared memory, for several threads to read (parallel/shared-memory.ts). */
export function sharedLists(lists: PackedLists): PackedLists {
  return { offsets: sharedCopy(lists.offsets), data: sharedCopy(lists.data) };
}

/** Lists in one array (a missing list is an empty one). */
export function packLists(lists: (ArrayLike<number> | undefined)[]): PackedLists {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => (offsets[i + 1] = offsets[i] + (list?.length ?? 0)));
  const data = new Int32Array(offsets[lists.length]);
  lists.forEach((list, i) => list && data.set(list as ArrayLike<number>, offsets[i]));
  return { offsets, data };
}
