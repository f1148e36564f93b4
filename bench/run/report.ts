/**
 * The printed report: a metrics table (one row per metric, one column per corpus size), with a peer
 * the table of ratios (legalsite's median over the peer's median, from interleaved runs), a per-pass
 * table of the cold builds, the sizes of what each cold build wrote (output-sizes.ts), and the
 * linearity lines (time at the largest size over time at the
 * smallest; the target allows 10% above proportional, i.e. ≤ 11 for 10,000 vs 1,000 articles).
 * Reads: BenchResults. Writes: nothing (returns text).
 */
import type { BuildRun } from './measure-build.js';
import type { BenchResults, Linearity, SizeResult } from './results.js';
import { SIZE_HEADER, sizeCells } from './output-sizes.js';

const ms = (v: number | undefined) => (v === undefined ? '–' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
const mb = (kb: number | undefined) => (kb === undefined ? '–' : `${Math.round(kb / 1024).toLocaleString('en-US')}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The median of a measure over the runs that succeeded; undefined when none did. */
function medianOf<T extends { ok: boolean }>(runs: T[] | undefined, pick: (r: T) => number | undefined): number | undefined {
  const xs = (runs ?? []).filter((r) => r.ok).map(pick).filter((v): v is number => v !== undefined);
  return xs.length ? median(xs) : undefined;
}

/** "1,234 (1,200, 1,234, 1,300)": the median and, with several runs, every run. */
function runsCell<T extends { ok: boolean; wallMs: number; exitCode: number | null }>(runs: T[] | undefined): string {
  if (!runs?.length) return 'skipped';
  const m = medianOf(runs, (r) => r.wallMs);
  if (m === undefined) return `failed (exit ${runs[0].exitCode})`;
  return runs.length > 1 ? `${ms(m)} (${runs.map((r) => (r.ok ? ms(r.wallMs) : 'failed')).join(', ')})` : ms(m);
}

/** "31.2 + 4.1": median user and system CPU seconds of the runs. */
function cpuCell<T extends { ok: boolean; userMs?: number; sysMs?: number }>(runs: T[] | undefined): string {
  const user = medianOf(runs, (r) => r.userMs);
  const sys = medianOf(runs, (r) => r.sysMs);
  return user === undefined || sys === undefined ? '–' : `${(user / 1000).toFixed(1)} + ${(sys / 1000).toFixed(1)}`;
}

const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);

function buildCell(run: BuildRun | undefined, pick: (r: BuildRun) => string): string {
  if (!run) return 'skipped';
  return run.ok ? pick(run) : `failed (exit ${run.exitCode})`;
}

function serveCell(size: SizeResult): string {
  const s = size.serve;
  if (!s) return 'skipped';
  if (s.status === 'not-available') return 'serve: not available';
  if (s.status === 'failed') return 'failed';
  return `${ms(median(s.reloadMs))} (${s.reloadMs.map((v) => ms(v)).join(', ')})`;
}

/** The metrics as rows: label, then one cell per size. */
export function metricRows(sizes: SizeResult[]): string[][] {
  const row = (label: string, cell: (s: SizeResult) => string) => [label, ...sizes.map(cell)];
  return [
    row('documents (articles + terms + pages)', (s) => s.documents.toLocaleString('en-US')),
    row('corpus: generate (ms)', (s) => ms(s.corpus.generateMs)),
    row('corpus: size (MB)', (s) => (s.corpus.bytes / 1e6).toFixed(1)),
    row('cold build: wall (ms)', (s) => (s.coldRuns ? runsCell(s.coldRuns) : buildCell(s.cold, (r) => ms(r.wallMs)))),
    row('cold build: CLI-reported (ms)', (s) => buildCell(s.cold, (r) => ms(r.reportedMs))),
    row('cold build: ms per document', (s) => buildCell(s.cold, (r) => (r.wallMs / s.documents).toFixed(2))),
    row('cold build: CPU user + system (s, medians)', (s) => cpuCell(s.coldRuns ?? (s.cold ? [s.cold] : undefined))),
    row('cold build: peak RSS, largest process (MB, median)', (s) => (s.coldRuns ? mb(medianOf(s.coldRuns, (r) => r.peakRssKb)) : buildCell(s.cold, (r) => mb(r.peakRssKb)))),
    row('cold build: peak memory, all processes (MB, median)', (s) => (s.coldRuns ? mb(medianOf(s.coldRuns, (r) => r.treePeakKb)) : buildCell(s.cold, (r) => mb(r.treePeakKb)))),
    row('warm cache, no output folder: wall (ms)', (s) => runsCell(s.emptyOutRuns)),
    row('warm cache, no output folder ÷ cold', (s) => ratio(medianOf(s.emptyOutRuns, (r) => r.wallMs), medianOf(s.coldRuns, (r) => r.wallMs))),
    row('output: pages / files', (s) => buildCell(s.cold, (r) => `${r.pages} / ${r.files}`)),
    row('warm rebuild, no change: wall (ms)', (s) => buildCell(s.warm, (r) => ms(r.wallMs))),
    row('warm rebuild: peak memory, all processes (MB)', (s) => buildCell(s.warm, (r) => mb(r.treePeakKb))),
    row('rebuild, one article changed: wall (ms)', (s) => (s.changedRuns ? runsCell(s.changedRuns) : buildCell(s.changed, (r) => ms(r.wallMs)))),
    row('build cache on disk (MB)', (s) => (s.cacheBytes === undefined ? '–' : (s.cacheBytes / 1e6).toFixed(1))),
    row('serve: start until listening (ms)', (s) => (s.serve?.readyMs === undefined ? '–' : ms(s.serve.readyMs))),
    row('serve: write → reload event (ms, median)', serveCell),
    row('serve: write → full rebuild done (ms, median)', (s) => (s.serve?.rebuiltMs?.length ? `${ms(median(s.serve.rebuiltMs))} (${s.serve.rebuiltMs.map((v) => ms(v)).join(', ')})` : '–')),
    ...searchRows(sizes),
  ];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The site search: what a first and a next query download (gzip; index files + what the results
 * shown need + the search code), the page's heap, the index's cost in the builds' profiles. */
function searchRows(sizes: SizeResult[]): string[][] {
  const row = (label: string, cell: (s: SizeResult) => string) => [label, ...sizes.map(cell)];
  const query = (i: number) => (s: SizeResult) => {
    const q = s.search?.queries[i];
    if (!q) return '–';
    const code = i === 0 ? ` + ${kb(s.search!.codeBytes)}` : '';
    return `${kb(q.bytes + (i === 0 ? s.search!.codeBytes : 0))} (${kb(q.indexBytes)} + ${kb(q.resultBytes)}${code})`;
  };
  return [
    row('search: first query, KB gzip (index + results + code)', query(0)),
    row('search: next query, KB gzip (index + results)', query(1)),
    row('search: page JS heap after both (MB)', (s) => (s.search?.queries.length ? (s.search.heapBytes / 1e6).toFixed(1) : '–')),
    row('search: index files / MB on disk', (s) => (s.search ? `${s.search.files} / ${(s.search.diskBytes / 1e6).toFixed(1)}` : '–')),
    row('search: index, cold build (ms)', (s) => buildCell(s.cold, (r) => ms(r.profile['search-index']))),
    row('search: index, one article changed (ms)', (s) => buildCell(s.changed, (r) => ms(r.profile['search-index']))),
  ];
}

/** legalsite against the peer, per size: medians of the interleaved runs and their ratio. */
export function peerRows(sizes: SizeResult[]): string[][] {
  const withPeer = sizes.filter((s) => s.peer);
  const row = (label: string, cell: (s: SizeResult) => string) => [label, ...withPeer.map(cell)];
  const cold = (s: SizeResult) => medianOf(s.coldRuns, (r) => r.wallMs);
  const peerCold = (s: SizeResult) => medianOf(s.peer!.coldRuns, (r) => r.wallMs);
  const changed = (s: SizeResult) => medianOf(s.changedRuns, (r) => r.wallMs);
  const peerChanged = (s: SizeResult) => medianOf(s.peer!.changedRuns, (r) => r.wallMs);
  // Memory of every process each program runs (tree-memory.ts): legalsite's launcher and esbuild's
  // service included, as Hugo's one process is whole.
  const memory = (s: SizeResult) => medianOf(s.coldRuns, (r) => r.treePeakKb);
  const cpu = (runs: { ok: boolean; userMs?: number; sysMs?: number }[] | undefined) => medianOf(runs, (r) => (r.userMs === undefined || r.sysMs === undefined ? undefined : r.userMs + r.sysMs));
  const peerMemory = (s: SizeResult) => medianOf(s.peer!.coldRuns, (r) => r.treePeakKb);
  return [
    row('hugo cold build: wall (ms)', (s) => runsCell(s.peer!.coldRuns)),
    row('cold build: legalsite ÷ hugo', (s) => ratio(cold(s), peerCold(s))),
    row('hugo cold build: CPU user + system (s, medians)', (s) => cpuCell(s.peer!.coldRuns)),
    row('cold build CPU (user + system): legalsite ÷ hugo', (s) => ratio(cpu(s.coldRuns), cpu(s.peer!.coldRuns))),
    row('hugo after one changed file: wall (ms)', (s) => runsCell(s.peer!.changedRuns)),
    row('one changed article: legalsite ÷ hugo', (s) => ratio(changed(s), peerChanged(s))),
    row('hugo cold build: peak memory, all processes (MB, median)', (s) => mb(peerMemory(s))),
    row('peak memory, cold: legalsite ÷ hugo', (s) => ratio(memory(s), peerMemory(s))),
    row('output files: legalsite / hugo', (s) => `${s.cold?.files ?? '–'} / ${s.peer!.coldRuns.find((r) => r.ok)?.files ?? '–'}`),
  ];
}

/** Per-pass cold-build times, slowest first at the largest size, with its share and the growth ratio. */
export function passRows(sizes: SizeResult[]): string[][] {
  const built = sizes.filter((s) => s.cold?.ok);
  if (!built.length) return [];
  const largest = built[built.length - 1].cold!;
  const names = Object.keys(largest.profile).sort((a, b) => largest.profile[b] - largest.profile[a]);
  const total = Object.values(largest.profile).reduce((a, b) => a + b, 0);
  return names.map((name) => {
    const cells = built.map((s) => ms(s.cold!.profile[name]));
    const share = `${((largest.profile[name] / total) * 100).toFixed(1)}%`;
    const first = built[0].cold!.profile[name];
    const ratio = built.length > 1 && first > 0 ? `${(largest.profile[name] / first).toFixed(1)}×` : '';
    return [name, ...cells, share, ...(built.length > 1 ? [ratio] : [])];
  });
}

/** Linearity of the cold build between the smallest and the largest size. */
export function linearity(sizes: SizeResult[]): Linearity[] {
  const built = sizes.filter((s) => s.cold?.ok).sort((a, b) => a.articles - b.articles);
  if (built.length < 2) return [];
  const [small, large] = [built[0], built[built.length - 1]];
  // The build-speed issue's targets: up to 10,000 articles the time grows at most in proportion
  // (10,000 within 10× the time of 1,000); beyond, by at most a tenth more (50,000 within 5.5× 10,000).
  const target = (large.articles > 10_000 ? 1.1 : 1) * (large.articles / small.articles);
  const line = (metric: string, pick: (r: BuildRun) => number | undefined): Linearity[] => {
    const a = pick(small.cold!);
    const b = pick(large.cold!);
    if (!a || !b) return [];
    return [{ metric, small: a, large: b, ratio: b / a, target, ok: b / a <= target }];
  };
  return [...line('cold build wall', (r) => r.wallMs), ...line('cold build CLI-reported', (r) => r.reportedMs)];
}

/** Left-aligns the first column and right-aligns the rest. */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? (cell ?? '').padEnd(widths[c]) : (cell ?? '').padStart(widths[c]))).join('   ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('   '), ...rows.map(line)].join('\n');
}

/** The whole printed report. */
export function formatReport(results: BenchResults): string {
  const { sizes } = results;
  const heads = sizes.map((s) => `${s.articles.toLocaleString('en-US')} articles`);
  const m = results.machine;
  const out = [
    `legalsite benchmark: seed ${results.seed}, node ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB`,
    `cold build ${results.noCacheFlag ? 'with --no-cache' : '(the CLI has no --no-cache flag; output folder removed first)'}`,
    '',
    formatTable(['Metric', ...heads], metricRows(sizes)),
  ];
  const peer = sizes.find((s) => s.peer)?.peer;
  if (peer) {
    const withPeer = sizes.filter((s) => s.peer);
    out.push(
      '',
      `Compared with ${peer.version} (bench/hugo/), ${results.runs} interleaved run${results.runs > 1 ? 's' : ''} each, medians:`,
      formatTable(['Metric', ...withPeer.map((s) => `${s.articles.toLocaleString('en-US')} articles`)], peerRows(sizes)),
      'Targets (issue 23): cold ≤ 2.5× hugo at 1,000 articles and ≤ 2.0× at 10,000; one changed article < 0.4× hugo; peak memory (all processes) < hugo\'s.',
    );
  } else if (results.peerNote) out.push('', results.peerNote);
  const passes = passRows(sizes);
  if (passes.length) {
    const built = sizes.filter((s) => s.cold?.ok);
    const extra = built.length > 1 ? ['share', 'growth'] : ['share'];
    out.push('', 'Cold build, time per pass and phase (ms):', formatTable(['Pass', ...built.map((s) => s.articles.toLocaleString('en-US')), ...extra], passes));
  }
  for (const s of sizes.filter((x) => x.outputs)) {
    out.push('', `Output sizes at ${s.articles.toLocaleString('en-US')} articles (the cold build's files):`, formatTable(SIZE_HEADER, s.outputs!.map(sizeCells)));
  }
  if (results.linearity.length) out.push('');
  for (const l of results.linearity) {
    out.push(`Linearity (${l.metric}): ${ms(l.large)} / ${ms(l.small)} = ${l.ratio.toFixed(2)}× (target ≤ ${l.target.toFixed(1)}) ${l.ok ? 'ok' : 'ABOVE TARGET'}`);
  }
  const notes = sizes.flatMap((s) => s.notes.map((n) => `  [${s.articles}] ${n}`));
  if (notes.length) out.push('', 'Notes:', ...notes);
  return out.join('\n');
}
