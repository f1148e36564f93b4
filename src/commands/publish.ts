/**
 * `legalsite publish`: the command's options, and what it prints. Uploads dist/ to an S3 bucket (or
 * any S3-compatible store with --endpoint), incrementally; see publish/publish.ts for the order of writes.
 * Exit codes: 0 published (or nothing to do), 2 usage errors (through cli.ts), 4 a storage failure
 * or failed uploads (listed): the environment's, to try again.
 */
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { normalizePrefix, prefixProblem } from '../publish/object-keys.js';
import { UsageError } from '../diagnostics/diagnostic.js';
import { StorageError } from '../publish/object-store.js';
import { hasCredentials } from '../validate/urls.js';
import { type PublishPlan, uploadsOf } from '../publish/plan.js';
import { DEFAULT_MAX_DELETES, publishSite, type PublishResult } from '../publish/publish.js';
import type { Io } from './io.js';
import { parseFolder, parseName } from './parsers.js';
import { outputFolderAt } from '../write/output-guard.js';

interface PublishCliOptions {
  bucket: string;
  prefix?: string;
  endpoint?: string;
  region?: string;
  dryRun?: boolean;
  prune?: boolean;
  maxDeletes: number;
  concurrency: number;
  out: string;
  quiet?: boolean;
}

/** Adds `publish` to the program; `done` receives the exit code. */
export function registerPublishCommand(program: Command, io: Io, done: (code: number) => void): void {
  program
    .command('publish')
    .description('upload the output folder to an S3 bucket or S3-compatible store, incrementally')
    .requiredOption('--bucket <name>', 'the bucket to publish to', parseName('bucket name'))
    .option('--prefix <path>', 'key prefix inside the bucket (e.g. staging/)', parsePrefix)
    .option('--endpoint <url>', 'an S3-compatible endpoint instead of AWS (uses path-style addressing)', parseEndpoint)
    .option('--region <region>', 'the bucket region (default: AWS_REGION, or us-east-1 with --endpoint)')
    .option('--dry-run', 'print what would be uploaded and deleted; change nothing')
    .option('--prune', 'delete objects under the prefix that are no longer in the output folder')
    .option('--max-deletes <n>', 'the most objects --prune may delete in one run; a run that would delete more changes nothing', parseMaxDeletes, DEFAULT_MAX_DELETES)
    .option('--concurrency <n>', 'uploads in flight at once', parseConcurrency, 8)
    .option('--out <dir>', 'output folder to publish', parseFolder('output folder', '--out dist'), 'dist')
    .option('--quiet', 'print nothing but errors')
    .option('--debug', 'print stack traces for internal failures')
    .exitOverride()
    .action(async (opts: PublishCliOptions) => done(await runPublish(opts, io)));
}

async function runPublish(opts: PublishCliOptions, io: Io): Promise<number> {
  const started = Date.now();
  const prefix = normalizePrefix(opts.prefix);
  // Loaded on demand so the SDK does not slow down `build` and `serve`.
  const { createS3Store } = await import('../publish/s3-client.js');
  const store = createS3Store({ bucket: opts.bucket, prefix, endpoint: opts.endpoint, region: opts.region, env: io.env });
  let result: PublishResult;
  try {
    result = await publishSite(store, {
      // Where builds write, stage and lock: a linked output folder is the folder it leads to.
      outDir: outputFolderAt(path.resolve(opts.out)),
      outLabel: opts.out.replace(/\/+$/, ''),
      prefix,
      dryRun: Boolean(opts.dryRun),
      prune: Boolean(opts.prune),
      maxDeletes: opts.maxDeletes,
      concurrency: opts.concurrency,
      progress: io.isTTY && !opts.quiet ? io.stderr : undefined,
    });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    // The store's failure, not the content's: exit 4, so CI can tell "try again" from "fix it".
    io.stderr(`legalsite: ${error.message}`);
    if (!opts.dryRun) io.stderr('Run publish again once the store answers; until a publish goes through, notify announces nothing.');
    return 4;
  }
  if (result.dryRun) {
    io.stdout(formatPlan(result.plan, store.name, Boolean(opts.prune), opts.maxDeletes));
    return 0;
  }
  if (result.failed.length) {
    const deletions = result.failed.filter((f) => result.plan.delete.includes(f.key)).length;
    const what = deletions === result.failed.length ? 'deleted from' : deletions ? 'published to (or deleted from)' : 'published to';
    io.stderr(`legalsite: ${result.failed.length} object${s(result.failed.length)} could not be ${what} ${store.name}:`);
    for (const f of result.failed) io.stderr(`  ${f.key}  ${f.reason}`);
    if (result.uploaded.length) io.stderr(`The other ${result.uploaded.length} upload${s(result.uploaded.length)} succeeded.`);
    if (result.heldBack) io.stderr(`${result.heldBack} object${s(result.heldBack)} ${result.heldBack === 1 ? 'was' : 'were'} held back (changed pages wait for every new object, the content manifest for everything)${result.orderKept ? ', so no live page links to one that is missing' : '; with no publish manifest in the bucket, every object counted as new, so live pages may link to one that failed'}.`);
    if (result.deletesSkipped) io.stderr(`Nothing was deleted (${result.plan.delete.length} pruned key${s(result.plan.delete.length)} left for the next run).`);
    io.stderr('Run publish again to retry; it sends only what is still missing or changed, and deletes what is left to delete. Until then, notify announces nothing.');
    return 4;
  }
  if (result.plan.keptChanged.length) io.stderr(keptChangedMessage(result.plan.keptChanged));
  const waiting = result.plan.retire.length + result.plan.retiring.length;
  if (!opts.quiet) io.stdout(summary(result, store.name, (Date.now() - started) / 1000));
  if (opts.prune && waiting && !opts.quiet) io.stdout(retiredMessage(waiting));
  return 0;
}

/** The dry-run report: counts (deletes against --max-deletes), then every key that would be uploaded or deleted. */
export function formatPlan(plan: PublishPlan, target: string, prune: boolean, maxDeletes = DEFAULT_MAX_DELETES): string {
  const uploads = uploadsOf(plan);
  const deletes = prune ? ` (at most ${maxDeletes} allowed by --max-deletes)` : ' (pass --prune to delete)';
  const lines = [`Dry run: nothing was changed in ${target}.`, `  ${uploads.length} to upload, ${plan.unchanged.length} unchanged, ${plan.delete.length} to delete${deletes}`];
  if (prune && plan.delete.length > maxDeletes) {
    lines.push(`A real run would change nothing: ${plan.delete.length} deletions are more than --max-deletes ${maxDeletes} (pass --max-deletes ${plan.delete.length} if every one is intended).`);
  }
  if (uploads.length) lines.push('Would upload:', ...uploads.map((o) => `  + ${o.key}  (${o.contentType.split(';')[0]})`));
  if (plan.delete.length) lines.push('Would delete:', ...plan.delete.map((k) => `  - ${k}`));
  if (prune && plan.keptChanged.length) lines.push(keptChangedMessage(plan.keptChanged).replace('--prune left', '--prune would leave'));
  if (prune && plan.retire.length + plan.retiring.length) lines.push(retiredMessage(plan.retire.length + plan.retiring.length));
  return lines.join('\n');
}

/** Hashed assets --prune keeps a while: pages cached before the publish still load them. */
const retiredMessage = (n: number) => `--prune keeps ${n} hashed asset${s(n)} the site no longer uses for an hour after the publish that stopped using ${n === 1 ? 'it' : 'them'} (pages cached before it still load ${n === 1 ? 'it' : 'them'}); a later --prune deletes ${n === 1 ? 'it' : 'them'}.`;

/** Objects --prune leaves: legalsite published them, and someone has replaced them since. */
function keptChangedMessage(keys: string[]): string {
  const one = keys.length === 1;
  return [`--prune left ${keys.length} object${s(keys.length)} that dist/ no longer has but someone replaced in the bucket since legalsite uploaded ${one ? 'it' : 'them'} (${one ? 'its' : 'their'} ETag changed); delete ${one ? 'it' : 'them'} by hand if ${one ? 'it is' : 'they are'} not wanted:`, ...keys.map((k) => `  = ${k}`)].join('\n');
}

function summary(result: PublishResult, target: string, seconds: number): string {
  const { uploaded, deleted, plan } = result;
  if (uploaded.length + deleted.length === 0) return `Nothing to publish: all ${plan.unchanged.length} objects in ${target} are up to date.`;
  const parts = [`${plan.unchanged.length} unchanged`];
  if (deleted.length) parts.push(`${deleted.length} deleted`);
  return `Published ${uploaded.length} object${s(uploaded.length)} to ${target} (${parts.join(', ')}) in ${seconds.toFixed(1)}s`;
}

const s = (n: number) => (n === 1 ? '' : 's');

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('write a whole number from 1 to 256.');
  return n;
}

function parseMaxDeletes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('write a whole number of objects, 0 or more.');
  return n;
}

function parsePrefix(value: string): string {
  const problem = prefixProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

function parseEndpoint(value: string): string {
  // Before anything that would print the value: commander's own message repeats it.
  if (hasCredentials(value)) {
    throw new UsageError('--endpoint holds a user name or password, which legalsite never sends in a URL or prints; give the credentials through AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the endpoint as http(s)://host[:port].');
  }
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new InvalidArgumentError('write an absolute URL such as http://127.0.0.1:9000.');
  return value.replace(/\/+$/, '');
}
