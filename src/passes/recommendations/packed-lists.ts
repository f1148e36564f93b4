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

/** Lists in one array (a missing list is an empty one). `shared`: made in shared memory, for lists
 * that go to other threads (sharedLists then has nothing to copy: 48 MB of recommendation features
 * at 50,000 articles, copied in every build). */
export function packLists(lists: (ArrayLike<number> | undefined)[], shared = false): PackedLists {
  const array = (length: number) => (shared ? new Int32Array(new SharedArrayBuffer(4 * length)) : new Int32Array(length));
  const offsets = array(lists.length + 1);
  lists.forEach((list, i) => (offsets[i + 1] = offsets[i] + (list?.length ?? 0)));
  const data = array(offsets[lists.length]);
  lists.forEach((list, i) => list && data.set(list as ArrayLike<number>, offsets[i]));
  return { offsets, data };
}
