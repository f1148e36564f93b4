/**
 * The memory of a measured process and of every process under it, sampled while they run. GNU
 * time's peak (peak-rss.ts) is that of the largest process alone: legalsite's launcher and esbuild's
 * service, which run beside the build process, were not in it, while Hugo is one process.
 * At each sample: the private memory of every process in the tree (RssAnon + RssShmem in
 * /proc/<pid>/status) plus the largest file-backed part among them (RssFile: the executable and
 * libraries, shared by a launcher and the Node it starts, so counted once). For one process that is
 * its RSS. The figure is the largest sum seen; a peak shorter than the interval can be missed, for
 * either tool alike. Linux only: elsewhere nothing is sampled.
 * Reads: /proc. Writes: nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeSampler {
  /** Stops sampling; the largest sum seen, in KB (undefined when nothing could be read). */
  stop(): number | undefined;
}

const SAMPLE_MS = 20;

export function sampleTree(rootPid: number | undefined, everyMs = SAMPLE_MS): TreeSampler {
  let peak: number | undefined;
  const sample = () => {
    const total = treeMemoryKb(rootPid);
    if (total !== undefined && (peak === undefined || total > peak)) peak = total;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** The tree's memory now (see above), or undefined when the root process cannot be read. */
export function treeMemoryKb(rootPid: number | undefined): number | undefined {
  if (rootPid === undefined) return undefined;
  let privateKb = 0;
  let fileKb = 0;
  let seen = 0;
  for (const pid of treeOf(rootPid)) {
    const m = memoryOf(pid);
    if (!m) continue;
    seen++;
    privateKb += m.anon + m.shmem;
    fileKb = Math.max(fileKb, m.file);
  }
  return seen ? privateKb + fileKb : undefined;
}

/** `pid` and its descendants (children are listed per thread that started them). */
function treeOf(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').split(' ')) if (child.trim()) out.push(Number(child));
      } catch {
        // The thread or process ended between the two reads.
      }
    }
  }
  return out;
}

function memoryOf(pid: number): { anon: number; shmem: number; file: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { anon: kb('RssAnon'), shmem: kb('RssShmem'), file: kb('RssFile') };
}
