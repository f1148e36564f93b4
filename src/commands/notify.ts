/**
 * `legalsite notify`: after a publish, tells search engines (IndexNow) and webhook subscribers what
 * changed. Settings come from site.yaml (`indexnow`, `webhooks`); what changed comes from dist/ (see
 * notify/changes.ts). Failed notifications are reported, never fatal: the site is already live.
 * Exit codes: 0 done (even with failed notifications), 1 errors in site.yaml, 2 usage errors (no build in --out, or a publish of it that has not gone through).
 */
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { UsageError } from '../diagnostics/diagnostic.js';
import { formatPretty } from '../diagnostics/reporters/pretty.js';
import type { SiteConfig } from '../model.js';
import { readChanges } from '../notify/changes.js';
import { INDEXNOW_ENDPOINTS } from '../notify/constants.js';
import { indexNowBodies, indexNowUrls, submitIndexNow } from '../notify/indexnow.js';
import { readSiteConfig } from '../notify/read-site-config.js';
import { webhookEvents, type WebhookEvent } from '../notify/webhook-events.js';
import { shownWebhookUrl } from '../notify/shown-url.js';
import { deliverWebhooks, signingOf, subscribedEvents } from '../notify/webhooks.js';
import { packageVersion } from '../package-root.js';
import type { Io } from './io.js';
import { parseFolder, parseUrl } from './parsers.js';

interface NotifyCliOptions {
  content: string;
  out: string;
  baseUrl?: string;
  indexnow?: boolean;
  webhooks?: boolean;
  dryRun?: boolean;
  retryDelay: number;
}

/** Adds `notify` to the program; `done` receives the exit code. */
export function registerNotifyCommand(program: Command, io: Io, done: (code: number) => void): void {
  program
    .command('notify')
    .description('tell IndexNow search engines and webhook subscribers what the last publish changed')
    .option('--indexnow', 'send IndexNow notifications (default: both kinds)')
    .option('--webhooks', 'deliver webhooks (default: both kinds)')
    .option('--dry-run', 'print what would be sent; send nothing')
    .option('--content <dir>', 'content folder (for site.yaml)', parseFolder('content folder', '--content content'), 'content')
    .option('--out <dir>', 'output folder that was published', parseFolder('output folder', '--out dist'), 'dist')
    .option('--base-url <url>', "override site.yaml's baseUrl", parseUrl)
    .option('--retry-delay <seconds>', 'webhook retry delay: attempt n waits n × this', parseSeconds, 5)
    .option('--debug', 'print stack traces for internal failures')
    .exitOverride()
    .action(async (opts: NotifyCliOptions) => done(await runNotify(opts, io)));
}

async function runNotify(opts: NotifyCliOptions, io: Io): Promise<number> {
  const loaded = readSiteConfig(opts.content, process.cwd());
  if (!loaded.config) {
    io.stderr(formatPretty(loaded.diagnostics, { color: false, frames: false, readSource: () => undefined }));
    return 1;
  }
  const config = { ...loaded.config, baseUrl: (opts.baseUrl ?? loaded.config.baseUrl).replace(/\/+$/, '') };
  const outLabel = opts.out.replace(/\/+$/, '');
  const { changes, source, unfinishedPublish } = readChanges(path.resolve(opts.out), outLabel, config.baseUrl);
  if (unfinishedPublish && !opts.dryRun) throw new UsageError(`nothing was sent: ${unfinishedPublish}`);
  if (unfinishedPublish) io.stderr(`warning  ${unfinishedPublish}`);
  const both = !opts.indexnow && !opts.webhooks;
  const userAgent = `legalsite/${packageVersion()}`;
  const corrected = changes.corrected?.length ?? 0;
  io.stdout(`Changes ${source}: ${changes.created.length} created, ${changes.updated.length} updated, ${changes.deleted.length} deleted${corrected ? `, ${corrected} new correction${s(corrected)}` : ''}.`);
  if (opts.dryRun) io.stdout('Dry run: nothing will be sent.');

  if (both || opts.indexnow) {
    const urls = indexNowUrls(changes);
    const endpoints = config.indexnow.endpoints.length ? config.indexnow.endpoints : INDEXNOW_ENDPOINTS;
    if (!config.indexnow.key) io.stdout('IndexNow: skipped; set indexnow.key in site.yaml to enable it.');
    else if (urls.length === 0) io.stdout('IndexNow: nothing changed, so no request was sent.');
    else {
      const bodies = indexNowBodies(urls, { baseUrl: config.baseUrl, key: config.indexnow.key });
      if (opts.dryRun) {
        io.stdout(`IndexNow: would send ${urls.length} URL${s(urls.length)} in ${bodies.length} request${s(bodies.length)} to each of ${endpoints.join(', ')}:`);
        io.stdout(urls.map((u) => `  ${u}`).join('\n'));
      } else {
        const outcomes = await submitIndexNow(endpoints, bodies, { userAgent });
        const failed = outcomes.filter((o) => !o.ok);
        io.stdout(`IndexNow: sent ${urls.length} URL${s(urls.length)} to ${endpoints.length} endpoint${s(endpoints.length)}; ${outcomes.length - failed.length} of ${outcomes.length} request${s(outcomes.length)} accepted.`);
        for (const f of failed) io.stderr(`  warning  IndexNow ${f.endpoint}  ${f.error} (${f.urls} URLs not submitted there)`);
      }
    }
  }

  if (both || opts.webhooks) await notifyWebhooks(config, webhookEvents(changes, config.baseUrl), opts, userAgent, io);
  return 0;
}

async function notifyWebhooks(config: SiteConfig, events: WebhookEvent[], opts: NotifyCliOptions, userAgent: string, io: Io): Promise<void> {
  const subs = config.webhooks;
  if (subs.length === 0) return io.stdout('Webhooks: none configured in site.yaml.');
  if (events.length === 0) return io.stdout('Webhooks: no content events, so nothing was sent.');
  if (opts.dryRun) {
    io.stdout('Webhooks: would send:');
    for (const sub of subs) {
      const wanted = new Set(subscribedEvents(sub));
      const mine = events.filter((e) => wanted.has(e.event));
      const names = sub.secretEnv ?? [];
      const check = signingOf(sub, io.env);
      const signing = `${names.length ? `signed with ${names.map((n) => `$${n}`).join(', ')}` : 'unsigned'}${'problem' in check ? ` (WOULD NOT BE SENT: ${check.problem})` : ''}`;
      io.stdout(`  ${shownWebhookUrl(sub.url)} (${signing}): ${mine.length} event${s(mine.length)}`);
      for (const e of mine) io.stdout(`    ${e.event}  ${e.data.key}`);
    }
    return;
  }
  const deliveries = await deliverWebhooks(subs, events, { env: io.env, userAgent, baseDelayMs: opts.retryDelay * 1000 });
  io.stdout('Webhook delivery report:');
  for (const [index, sub] of subs.entries()) {
    const mine = deliveries.filter((d) => d.subscriber === index);
    const ok = mine.filter((d) => d.ok);
    const retried = ok.filter((d) => d.attempts > 1).length;
    io.stdout(`  ${shownWebhookUrl(sub.url)}: ${ok.length} delivered${retried ? ` (${retried} after a retry)` : ''}, ${mine.length - ok.length} failed`);
    for (const d of mine.filter((x) => !x.ok)) io.stderr(`  warning  webhook ${shownWebhookUrl(d.url)}  ${d.event} ${d.key} failed after ${d.attempts} attempt${s(d.attempts)}: ${d.error}`);
  }
}

const s = (n: number) => (n === 1 ? '' : 's');

function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new InvalidArgumentError('write a number of seconds from 0 to 3600, e.g. 5 or 0.5.');
  return n;
}

