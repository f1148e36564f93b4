/**
 * Pairs what the page holds now with what the id file recorded, in two rounds, deterministically:
 * 1. exact: equal keys (a paragraph's text hash, a heading's text) pair in page order, the recorded
 *    entries that were live coming before removed ones (so a restored text takes its old id back);
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
  const byKey = new Map<string, number[]>();
  // Live entries first, then removed ones, each in page order.
  const order = [...recorded.keys()].sort((a, b) => Number(recorded[a].removed) - Number(recorded[b].removed) || a - b);
  for (const i of order) {
    const list = byKey.get(recorded[i].key);
    if (list) list.push(i);
    else byKey.set(recorded[i].key, [i]);
  }
  const pairs = new Map<number, number>();
  current.forEach((key, i) => {
    const next = byKey.get(key)?.shift();
    if (next !== undefined) pairs.set(i, next);
  });
  return pairs;
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
