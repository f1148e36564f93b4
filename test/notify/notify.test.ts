/** `legalsite notify` end to end with IndexNow endpoints and webhook receivers on 127.0.0.1, configured
 * through site.yaml in a copy of the minimal fixture: exact bodies and headers, signatures, parallel
 * IndexNow requests, a retried webhook, failures that are reported but not fatal, and empty change
 * lists that send nothing. */
import { createHmac } from 'node:crypto';
import { readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Webhook } from 'standardwebhooks';
import { parse, stringify } from 'yaml';
import { execa } from 'execa';
import { copyFixture, ROOT, runCli, tempDir } from '../helpers/sites.js';
import { runInProcess } from '../publish/in-process.js';
import { startReceiver, type Receiver } from './receiver.js';

const test = suite('notify');
const SECRET = 'test-secret-do-not-use';
const WHSEC = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
const INDEXNOW_PATHS = ['/engine-a', '/engine-b', '/engine-c', '/engine-d'];

let cwd = '';
let indexnow: Receiver;
let hooks: Receiver;
let concurrentIndexNow = false;
const dist = () => path.join(cwd, 'dist');
const notify = (...args: string[]) =>
  runInProcess(['notify', '--content', path.join(cwd, 'content'), '--out', dist(), '--retry-delay', '0.01', ...args], { ...process.env, LEGALSITE_TEST_SECRET: SECRET, LEGALSITE_TEST_WHSEC: WHSEC });
const reset = () => (indexnow.received.splice(0), hooks.received.splice(0));
const headersOf = (r: { headers: Record<string, unknown> }) => Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));

const BASE = 'https://test.example.org';
const EVERYTHING = [
  '/articles/hashing-evidence', '/articles/hashing-evidence.json', '/articles/hashing-evidence.answer.json',
  // privilege-basics has no answer, so no answer file of it is announced.
  '/articles/privilege-basics', '/articles/privilege-basics.json',
  '/articles', '/articles/index.json', '/sitemap.xml',
  '/glossary', '/glossary.json', '/glossary/chain-of-custody', '/glossary/hash-value', '/glossary/privilege-log',
  '/datasets/custody-log', '/datasets/custody-log.json', '/datasets/index.json',
  '/', '/for-ai-systems', '/feed.xml',
].map((p) => BASE + p);

test.before(async () => {
  indexnow = await startReceiver(async (req, all) => {
    // Hold each answer until all four endpoints were asked (or give up). Only if the first request,
    // still unanswered, sees the other three arrive were they sent in parallel: sent one after the
    // other, the fourth would also find four.
    const first = all.length === 1;
    const deadline = Date.now() + 3000;
    while (all.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    if (first && all.length >= 4) concurrentIndexNow = true;
    return req.path === '/engine-c' ? 500 : 200;
  });
  hooks = await startReceiver((req, all) => {
    if (req.path === '/down') return 503;
    if (req.path === '/gone') return 410;
    // The flaky receiver fails the first attempt of every delivery.
    if (req.path === '/flaky') return all.filter((r) => r.headers['x-webhook-id'] === req.headers['x-webhook-id']).length === 1 ? 500 : 200;
    return 200;
  });
  cwd = copyFixture('minimal');
  const siteFile = path.join(cwd, 'content/site.yaml');
  const site = parse(readFileSync(siteFile, 'utf8'));
  site.indexnow.endpoints = INDEXNOW_PATHS.map((p) => indexnow.url + p);
  site.webhooks = [
    { url: `${hooks.url}/signed`, secretEnv: 'LEGALSITE_TEST_SECRET' },
    { url: `${hooks.url}/flaky`, events: ['article.created', 'article.updated'] },
    { url: `${hooks.url}/down`, events: ['article.created'] },
    { url: `${hooks.url}/gone`, events: ['term.created'] },
    { url: `${hooks.url}/unset-secret`, events: ['article.created'], secretEnv: 'LEGALSITE_TEST_MISSING_SECRET' },
    // A rotation: the new Standard Webhooks secret first, the old shared one second.
    { url: `${hooks.url}/rotating`, events: ['term.created'], secretEnv: ['LEGALSITE_TEST_WHSEC', 'LEGALSITE_TEST_SECRET'] },
  ];
  writeFileSync(siteFile, stringify(site));
  const build = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(build.exitCode, 0, build.stderr);
});

test.after(async () => {
  await indexnow.close();
  await hooks.close();
});

test('IndexNow: the spec body goes to every configured endpoint in parallel; a failing one is logged, not fatal', async () => {
  reset();
  const run = await notify('--indexnow');
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Changes since the previous build in .*\/dist\/ \(.*_legalsite\/changes\.json; run `legalsite publish` first to announce what a publish changed\): 6 created, 0 updated, 0 deleted\.$/m);
  assert.match(run.stdout, /^IndexNow: sent 19 URLs to 4 endpoints; 3 of 4 requests accepted\.$/m);
  assert.match(run.stderr, new RegExp(`^  warning  IndexNow ${indexnow.url}/engine-c  HTTP 500 Internal Server Error: failed on purpose \\(19 URLs not submitted there\\)$`, 'm'));
  assert.ok(concurrentIndexNow, 'all four requests were in flight together');
  for (const p of INDEXNOW_PATHS) {
    const [req, ...more] = indexnow.to(p);
    assert.equal(more, [], `${p}: one request`);
    assert.is(req.method, 'POST');
    assert.is(req.headers['content-type'], 'application/json; charset=utf-8');
    assert.is(req.headers['user-agent'], `legalsite/${VERSION}`);
    assert.equal(JSON.parse(req.body), { host: 'test.example.org', key: 'abcdef0123456789', keyLocation: 'https://test.example.org/indexnow-key.txt', urlList: EVERYTHING });
  }
  assert.equal(hooks.received, [], '--indexnow sends no webhooks');
});

test('webhooks: exact bodies and headers, a verifiable signature, only subscribed events, a delivery report', async () => {
  reset();
  const run = await notify('--webhooks');
  assert.is(run.exitCode, 0, run.stderr);
  assert.equal(indexnow.received, [], '--webhooks sends no IndexNow');

  const signed = hooks.to('/signed');
  const events = signed.map((r) => JSON.parse(r.body)).sort((a, b) => a.data.key.localeCompare(b.data.key));
  assert.equal(events.map((e) => [e.event, e.data]), [
    ['article.created', { key: 'article:hashing-evidence', type: 'article', slug: 'hashing-evidence', url: `${BASE}/articles/hashing-evidence` }],
    ['article.created', { key: 'article:privilege-basics', type: 'article', slug: 'privilege-basics', url: `${BASE}/articles/privilege-basics` }],
    ['term.created', { key: 'glossary:chain-of-custody', type: 'term', slug: 'chain-of-custody', url: `${BASE}/glossary/chain-of-custody` }],
    ['term.created', { key: 'glossary:hash-value', type: 'term', slug: 'hash-value', url: `${BASE}/glossary/hash-value` }],
    ['term.created', { key: 'glossary:privilege-log', type: 'term', slug: 'privilege-log', url: `${BASE}/glossary/privilege-log` }],
  ]);
  for (const req of signed) {
    const body = JSON.parse(req.body);
    assert.equal(Object.keys(body), ['event', 'data', 'timestamp', 'id']);
    assert.match(body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.is(req.method, 'POST');
    assert.is(req.headers['content-type'], 'application/json');
    assert.is(req.headers['user-agent'], `legalsite/${VERSION}`);
    assert.is(req.headers['x-webhook-id'], body.id);
    assert.is(req.headers['x-webhook-timestamp'], body.timestamp);
    assert.is(req.headers['x-webhook-signature'], `sha256=${createHmac('sha256', SECRET).update(req.body).digest('hex')}`);
    assert.is(req.headers['webhook-id'], body.id);
    assert.equal(new Webhook(SECRET, { format: 'raw' }).verify(req.body, headersOf(req)), body, 'Standard Webhooks signature, raw secret');
  }

  // Both secrets of site.yaml's secretEnv list sign; sha256= is the first one's.
  const rotating = hooks.to('/rotating');
  assert.is(rotating.length, 3);
  for (const req of rotating) {
    assert.ok(new Webhook(WHSEC).verify(req.body, headersOf(req)));
    assert.ok(new Webhook(SECRET, { format: 'raw' }).verify(req.body, headersOf(req)));
    assert.is(req.headers['x-webhook-signature'], `sha256=${createHmac('sha256', WHSEC).update(req.body).digest('hex')}`);
  }
  assert.is(new Set(signed.map((r) => JSON.parse(r.body).id)).size, 5, 'every delivery has its own id');

  // The flaky receiver: every delivery fails once, then succeeds with the same body; no secret, no signature.
  const flaky = hooks.to('/flaky');
  assert.is(flaky.length, 4);
  const byId = new Map<unknown, typeof flaky>();
  for (const r of flaky) byId.set(r.headers['x-webhook-id'], [...(byId.get(r.headers['x-webhook-id']) ?? []), r]);
  assert.is(byId.size, 2);
  for (const attempts of byId.values()) {
    assert.is(attempts.length, 2);
    assert.is(attempts[0].body, attempts[1].body);
    assert.is(attempts[0].headers['x-webhook-signature'], undefined);
  }
  assert.is(hooks.to('/down').length, 6, 'two deliveries, three attempts each');
  assert.is(hooks.to('/gone').length, 3, 'a 410 is not retried: three deliveries, one attempt each');
  assert.is(hooks.to('/unset-secret').length, 0, 'nothing is sent unsigned when the secret is missing');

  assert.match(run.stdout, /^Webhook delivery report:$/m);
  assert.match(run.stdout, new RegExp(`^  ${hooks.url}/signed: 5 delivered, 0 failed$`, 'm'));
  assert.match(run.stdout, new RegExp(`^  ${hooks.url}/flaky: 2 delivered \\(2 after a retry\\), 0 failed$`, 'm'));
  assert.match(run.stdout, new RegExp(`^  ${hooks.url}/down: 0 delivered, 2 failed$`, 'm'));
  assert.match(run.stderr, new RegExp(`^  warning  webhook ${hooks.url}/down  article\\.created article:hashing-evidence failed after 3 attempts: HTTP 503 Service Unavailable: failed on purpose$`, 'm'));
  assert.match(run.stderr, new RegExp(`^  warning  webhook ${hooks.url}/gone  term\\.created glossary:hash-value failed after 1 attempt: HTTP 410 Gone`, 'm'));
  assert.match(run.stderr, /^  warning  webhook .*\/unset-secret  article\.created article:hashing-evidence failed after 0 attempts: the environment variable LEGALSITE_TEST_MISSING_SECRET \(secretEnv\) is not set, so nothing was sent$/m);
});

test('after a publish, notify announces what changed since the manifest that was live', async () => {
  reset();
  const current = JSON.parse(readFileSync(path.join(dist(), '_legalsite/manifest.json'), 'utf8'));
  const live = { version: 1, entities: { ...current.entities, 'article:hashing-evidence': 'older', 'glossary:retired-term': 'x' } };
  delete live.entities['article:privilege-basics'];
  writeFileSync(path.join(dist(), '_legalsite/last-published-manifest.json'), JSON.stringify(live));
  const run = await notify();
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Changes since the last publish \(.*\/dist\/_legalsite\/last-published-manifest\.json\): 1 created, 1 updated, 1 deleted\.$/m);
  const urlList = JSON.parse(indexnow.to('/engine-a')[0].body).urlList;
  assert.equal(urlList, [
    '/articles/hashing-evidence', '/articles/hashing-evidence.json', '/articles/hashing-evidence.answer.json',
    '/articles/privilege-basics', '/articles/privilege-basics.json',
    '/articles', '/articles/index.json', '/sitemap.xml',
    '/glossary', '/glossary.json', '/glossary/retired-term',
    '/', '/for-ai-systems', '/feed.xml',
  ].map((p) => BASE + p));
  const events = hooks.to('/signed').map((r) => JSON.parse(r.body)).map((e) => `${e.event} ${e.data.key} ${e.data.type}`).sort();
  assert.equal(events, ['article.created article:privilege-basics article', 'article.updated article:hashing-evidence article', 'content.deleted glossary:retired-term term']);
});

test('--dry-run prints what would be sent and sends nothing', async () => {
  reset();
  const run = await notify('--dry-run');
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Dry run: nothing will be sent\.$/m);
  assert.match(run.stdout, /^IndexNow: would send 14 URLs in 1 request to each of /m);
  assert.match(run.stdout, new RegExp(`^  ${hooks.url}/signed \\(signed with \\$LEGALSITE_TEST_SECRET\\): 3 events$`, 'm'));
  assert.match(run.stdout, /^    content\.deleted  glossary:retired-term$/m);
  assert.match(run.stdout, new RegExp(`^  ${hooks.url}/rotating \\(signed with \\$LEGALSITE_TEST_WHSEC, \\$LEGALSITE_TEST_SECRET\\): 0 events$`, 'm'));
  assert.match(run.stdout, /unset-secret \(signed with \$LEGALSITE_TEST_MISSING_SECRET \(WOULD NOT BE SENT: the environment variable LEGALSITE_TEST_MISSING_SECRET \(secretEnv\) is not set\)\): 1 event$/m);
  assert.equal(indexnow.received, []);
  assert.equal(hooks.received, []);
});

test('when nothing changed, says so and sends nothing', async () => {
  rmSync(path.join(dist(), '_legalsite/last-published-manifest.json'));
  // A second build of the same content: changes.json is empty.
  const build = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(build.exitCode, 0, build.stderr);
  reset();
  const run = await notify();
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /: 0 created, 0 updated, 0 deleted\.$/m);
  assert.match(run.stdout, /^IndexNow: nothing changed, so no request was sent\.$/m);
  assert.match(run.stdout, /^Webhooks: no content events, so nothing was sent\.$/m);
  assert.equal(indexnow.received, []);
  assert.equal(hooks.received, []);
});

test('a new correction of a published article is announced as article.corrected, with the correction, once', async () => {
  rmSync(path.join(dist(), '_legalsite/last-published-manifest.json'), { force: true });
  const article = path.join(cwd, 'content/articles/hashing-evidence.md');
  const before = readFileSync(article, 'utf8');
  writeFileSync(article, before.replace(/^title:/m, 'changes:\n  - { date: "2025-08-26", kind: correction, summary: "Corrected the name of the guide." }\ntitle:'));
  try {
    const build = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
    assert.is(build.exitCode, 0, build.stderr);
    reset();
    const run = await notify();
    assert.is(run.exitCode, 0, run.stderr);
    assert.match(run.stdout, /: 0 created, 1 updated, 0 deleted, 1 new correction\.$/m);
    const signed = hooks.to('/signed');
    const bodies = signed.map((r) => JSON.parse(r.body));
    assert.equal(bodies.map((b) => b.event).sort(), ['article.corrected', 'article.updated']);
    const corrected = signed.find((r) => JSON.parse(r.body).event === 'article.corrected')!;
    assert.equal(JSON.parse(corrected.body).data, {
      key: 'article:hashing-evidence', type: 'article', slug: 'hashing-evidence', url: `${BASE}/articles/hashing-evidence`,
      correction: { id: 'change-2025-08-26', date: '2025-08-26', summary: 'Corrected the name of the guide.', url: `${BASE}/articles/hashing-evidence#change-2025-08-26` },
    });
    assert.is(headersOf(corrected)['x-webhook-signature'], `sha256=${createHmac('sha256', SECRET).update(corrected.body).digest('hex')}`);
    // (The flaky receiver fails every first attempt: the retry is the same event.)
    assert.equal([...new Set(hooks.to('/flaky').map((r) => JSON.parse(r.body).event))], ['article.updated'], 'a subscriber that did not ask for it gets none');
    // Built again unchanged: the correction is not new any more.
    const again = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
    assert.is(again.exitCode, 0, again.stderr);
    reset();
    const quiet = await notify();
    assert.match(quiet.stdout, /: 0 created, 0 updated, 0 deleted\.$/m);
    assert.equal(hooks.received, []);
  } finally {
    writeFileSync(article, before);
    const restored = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
    assert.is(restored.exitCode, 0, restored.stderr);
  }
});

test('a mistake in the webhooks settings is reported like a content error, with exit code 1 (the real CLI)', async () => {
  const siteFile = path.join(cwd, 'content/site.yaml');
  const good = readFileSync(siteFile, 'utf8');
  const site = parse(good);
  site.webhooks = [{ url: `${hooks.url}/signed`, events: ['article.published'], secret: 'inline' }];
  writeFileSync(siteFile, stringify(site));
  try {
    const run = await runCli(['notify', '--dry-run'], cwd);
    assert.is(run.exitCode, 1);
    assert.match(run.stderr, /^content\/site\.yaml:\d+:\d+  error  webhooks\[0\]\.events\[0\] /m);
    assert.match(run.stderr, /^content\/site\.yaml:\d+:\d+  error  webhooks\[0\]\.secret is not a known field/m);
    assert.not.match(run.stderr, /\n\s+at /);
    // Credentials in a webhook's URL would be printed with every delivery report: refused at their line.
    site.webhooks = [{ url: `http://hookuser:hookpass123@127.0.0.1:9/ok`, events: ['article.created'] }];
    writeFileSync(siteFile, stringify(site));
    const withPassword = await runCli(['notify', '--dry-run'], cwd);
    assert.is(withPassword.exitCode, 1);
    assert.match(withPassword.stderr, /^content\/site\.yaml:\d+:\d+  error  webhooks\[0\]\.url /m);
    assert.match(withPassword.stderr, /no user name or password/);
  } finally {
    writeFileSync(siteFile, good);
  }
  const noDist = await runCli(['notify', '--out', 'nowhere'], cwd);
  assert.is(noDist.exitCode, 2);
  assert.is(noDist.stderr, 'legalsite: nowhere/_legalsite/manifest.json not found (run `legalsite build` first, or pass --out DIR)');
});

test('a webhook whose address is its secret (Slack\'s /services/T…/B…/token) is never printed whole, in a dry run or a report', async () => {
  const siteFile = path.join(cwd, 'content/site.yaml');
  const good = readFileSync(siteFile, 'utf8');
  const site = parse(good);
  site.webhooks = [{ url: `${hooks.url}/services/T000/B000/SECRETTOKEN42`, events: ['article.created', 'article.updated', 'content.deleted'] }];
  writeFileSync(siteFile, stringify(site));
  try {
    reset();
    const dry = await notify('--dry-run');
    assert.is(dry.exitCode, 0, dry.stderr);
    assert.match(dry.stdout, new RegExp(`^  ${hooks.url}/services/… \\(unsigned\\): \\d+ events?$`, 'm'));
    reset();
    const sent = await notify('--webhooks', '--retry-delay', '0');
    assert.match(sent.stdout, new RegExp(`^  ${hooks.url}/services/…: \\d+ delivered`, 'm'));
    for (const run of [dry, sent]) assert.not.match(run.stdout + run.stderr, /SECRETTOKEN42|T000\/B000/);
  } finally {
    writeFileSync(siteFile, good);
  }
});

test('a site.yaml that is a link out of the content folder, or a named pipe, is refused as the build refuses it: nothing of it printed, no wait', async () => {
  const siteFile = path.join(cwd, 'content/site.yaml');
  const secret = path.join(tempDir(), 'shadow-like');
  writeFileSync(secret, 'root:$6$SECRETHASH:19000:0:99999:7:::\n');
  renameSync(siteFile, `${siteFile}.kept`);
  try {
    symlinkSync(secret, siteFile);
    const linked = await notify('--dry-run');
    assert.is(linked.exitCode, 1);
    assert.match(linked.stderr, /site\.yaml:1:1 +error +is a link to .*shadow-like, outside the content folder; it was not read/);
    assert.not.match(linked.stderr + linked.stdout, /SECRETHASH/);
    rmSync(siteFile);
    await execa('mkfifo', [siteFile]);
    const pipe = await notify('--dry-run');
    assert.is(pipe.exitCode, 1);
    assert.match(pipe.stderr, /site\.yaml:1:1 +error +is a named pipe \(FIFO\), not a regular file; it was not read/);
  } finally {
    rmSync(siteFile, { force: true });
    renameSync(`${siteFile}.kept`, siteFile);
  }
});

test.run();
