/**
 * Pairs what the page holds now with what the id file recorded, in two rounds, deterministically:
 * 1. exact: equal keys (a paragraph's text hash, a heading's text) pair up, the recorded entries that
 *    were live coming before removed ones (so a restored text takes its old id back). Where a text
 *    is on the page more than once, its copies pair with its live recorded entries in page order,
 *    choosing the pairs whose positions (among their own kind) are closest in all: one copy edited or
 *    removed leaves the others their own ids, rather than each taking the id of the copy before it;
 * 2. similar: of what is left, pairs whose score reaches the threshold are taken best first; equal
 *    scores go to the pair whose positions (among their own kind) are closest, then the earlier one.
 */

export interface Recorded {
  key: string;
  /** Removed before this build: it may take back its own text exactly, never a similar one. */
  removed: boolean;
}

/** Pairs current → recorded by equal key: current index → recorded index. */
export function exactPairs(current: string[], recorded: Recorded[]): Map<number, number> {
  const livePos = new Map<number, number>();
  recorded.forEach((r, i) => !r.removed && livePos.set(i, livePos.size));
  const live = groupBy(recorded.keys(), (i) => (recorded[i].removed ? undefined : recorded[i].key));
  const removed = groupBy(recorded.keys(), (i) => (recorded[i].removed ? recorded[i].key : undefined));
  const pairs = new Map<number, number>();
  for (const [key, copies] of groupBy(current.keys(), (i) => current[i])) {
    const liveOnes = live.get(key) ?? [];
    const taken = copies.length === 1 && liveOnes.length <= 1 ? (liveOnes.length ? [0] : [undefined]) : closestInOrder(copies, liveOnes.map((r) => livePos.get(r)!));
    const left: number[] = [];
    copies.forEach((c, k) => (taken[k] === undefined ? left.push(c) : pairs.set(c, liveOnes[taken[k]!])));
    // Copies with no live entry take back removed ones of their text, in page order.
    const back = removed.get(key) ?? [];
    left.forEach((c, k) => k < back.length && pairs.set(c, back[k]));
  }
  return pairs;
}

/** Indices in page order, grouped by `keyOf` (undefined: in no group). */
function groupBy(indices: Iterable<number>, keyOf: (i: number) => string | undefined): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const i of indices) {
    const key = keyOf(i);
    if (key === undefined) continue;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  return groups;
}

/**
 * Pairs positions `a` with positions `b` (both ascending) without crossing, as many as the shorter
 * has, so that the sum of their distances is least (ties: the earlier of the longer list): for each of `a`, the
 * index into `b` it takes, or undefined. Dynamic programming over the two lists, which are the
 * copies of one text: a handful at most.
 */
function closestInOrder(a: number[], b: number[]): (number | undefined)[] {
  const [n, m] = [a.length, b.length];
  // The shorter list is matched whole: best[i][j] is the least cost of pairing the first i of the
  // shorter with some of the first j of the longer.
  const short = n <= m ? a : b;
  const long = n <= m ? b : a;
  const INF = Number.POSITIVE_INFINITY;
  const best: number[][] = Array.from({ length: short.length + 1 }, (_, i) => Array.from({ length: long.length + 1 }, () => (i === 0 ? 0 : INF)));
  for (let i = 1; i <= short.length; i++) {
    for (let j = i; j <= long.length; j++) {
      best[i][j] = Math.min(best[i][j - 1], best[i - 1][j - 1] + Math.abs(short[i - 1] - long[j - 1]));
    }
  }
  const takenShort: (number | undefined)[] = Array(short.length).fill(undefined);
  for (let i = short.length, j = long.length; i > 0; j--) {
    // Pair (i-1, j-1) when it must (no earlier one is left to skip to) or is strictly better than
    // skipping long[j-1]: on a tie the earlier of the longer list is taken, as page order would.
    if (best[i][j] === best[i - 1][j - 1] + Math.abs(short[i - 1] - long[j - 1]) && (j - 1 < i || best[i][j] < best[i][j - 1])) {
      takenShort[i - 1] = j - 1;
      i--;
    }
  }
  if (n <= m) return takenShort;
  const takenA: (number | undefined)[] = Array(n).fill(undefined);
  takenShort.forEach((j, i) => j !== undefined && (takenA[j] = i));
  return takenA;
}

/** Pairs the unpaired current and recorded items whose score is at least `threshold`, best first. */
export function similarPairs(
  current: number[],
  recorded: number[],
  score: (c: number, r: number) => number,
  distance: (c: number, r: number) => number,
  threshold: number,
): Map<number, number> {
  const scored: [score: number, distance: number, c: number, r: number][] = [];
  for (const c of current) {
    for (const r of recorded) {
      const s = score(c, r);
      if (s >= threshold) scored.push([s, distance(c, r), c, r]);
    }
  }
  scored.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  const pairs = new Map<number, number>();
  const taken = new Set<number>();
  for (const [, , c, r] of scored) {
    if (pairs.has(c) || taken.has(r)) continue;
    pairs.set(c, r);
    taken.add(r);
  }
  return pairs;
}

/** The best of `candidates` for one item by score (at least `threshold`), closest on a tie. */
export function bestOf(candidates: number[], score: (c: number) => number, distance: (c: number) => number, threshold: number): number | undefined {
  let best: number | undefined;
  let bestScore = -1;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const s = score(c);
    if (s < threshold) continue;
    const d = distance(c);
    if (s > bestScore || (s === bestScore && d < bestDistance)) [best, bestScore, bestDistance] = [c, s, d];
  }
  return best;
}
