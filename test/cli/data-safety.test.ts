/** Never lose a user's data: dangerous output folders are refused with nothing deleted, a failed or
 * killed build leaves the previous output (or, after the next build, a cold build's output), the
 * build cache is checked rather than trusted, and leftovers of killed builds are cleaned up. */
import { chmodSync, chownSync, closeSync, cpSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import { withTmpfs } from '../helpers/tmpfs.js';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { guardOutputFolder, OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import { BIN, copyFixture, listFiles, runCli, tempDir } from '../helpers/sites.js';
import { unprivilegedCli } from '../helpers/unprivileged.js';

const test = suite('data safety');

/** Every file of a folder with its bytes, for byte-for-byte comparison (changes.json records the
 * difference from the build before, so it differs between an incremental and a cold build). */
function snapshot(dir: string): Map<string, string> {
  return new Map(listFiles(dir).filter((f) => f !== '_legalsite/changes.json').map((f) => [f, readFileSync(path.join(dir, f)).toString('base64')]));
}

function assertSame(actual: string, expected: string, what: string) {
  const a = snapshot(actual);
  const b = snapshot(expected);
  assert.equal([...a.keys()], [...b.keys()], `${what}: the same files`);
  for (const [f, bytes] of a) assert.ok(bytes === b.get(f), `${what}: ${f} is identical`);
}

/** Every folder under `dir` (relative), to catch empty folders a cold build would not have. */
function folders(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((n) => {
    const abs = path.join(dir, n);
    return statSync(abs).isDirectory() ? [path.relative(base, abs), ...folders(abs, base)] : [];
  }).sort();
}

async function coldBuild(cwd: string): Promise<string> {
  const out = path.join(tempDir(), 'cold');
  const result = await build({ contentDir: 'content', outDir: out, cwd, write: true, retainFiles: false });
  assert.ok(result.ok, 'the cold build succeeds');
  return out;
}

function editArticle(cwd: string, from: string, to: string) {
  const f = path.join(cwd, 'content/articles/privilege-basics.md');
  const text = readFileSync(f, 'utf8');
  assert.ok(text.includes(from));
  writeFileSync(f, text.replace(from, to));
}

test('dangerous output folders are refused with exit 2, and nothing is deleted', async () => {
  const cwd = copyFixture('minimal');
  writeFileSync(path.join(cwd, 'package.json'), '{}');
  mkdirSync(path.join(cwd, '.git'));
  writeFileSync(path.join(cwd, 'sentinel.txt'), 'keep me');
  const home = tempDir('legalsite-home-');
  writeFileSync(path.join(home, 'notes.txt'), 'keep me');
  const before = listFiles(cwd);
  const dangling = path.join(tempDir(), 'published');
  symlinkSync(path.join(tempDir(), 'not-made-yet'), dangling);
  const cases: [string, RegExp][] = [
    ['', /output folder is empty/],
    [path.join(dangling, 'dist'), /published is a link to ".*not-made-yet", which does not exist\. Create the folder it leads to/],
    ['.', /the current folder/],
    ['content/..', /the current folder/],
    ['content', /the content folder/],
    ['content/articles', /inside the content folder/],
    ['..', /holding (the current|your home) folder/],
    ['/', /root/],
    [home, /your home folder/],
    [path.dirname(home), /holding your home folder/],
    ['sentinel.txt', /a file, not a folder/],
  ];
  for (const [out, reason] of cases) {
    const r = await runCli(['build', '--quiet', '--out', out], cwd, { HOME: home });
    assert.is(r.exitCode, 2, `--out ${JSON.stringify(out)} is refused`);
    assert.match(r.stderr, reason);
    assert.not.match(r.stderr, /bug in legalsite|\n\s+at /);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
  }
  // --force never overrides those.
  assert.is((await runCli(['build', '--quiet', '--force', '--out', '.'], cwd)).exitCode, 2);
  assert.equal(listFiles(cwd), before, 'nothing in the project was deleted or added');
  assert.is(readFileSync(path.join(home, 'notes.txt'), 'utf8'), 'keep me');
});

test('a folder holding a project, or one legalsite did not make, is refused; --force replaces the latter', async () => {
  const cwd = copyFixture('minimal');
  mkdirSync(path.join(cwd, 'site/.git'), { recursive: true });
  let r = await runCli(['build', '--quiet', '--out', 'site'], cwd);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /a project folder \(it holds \.git\)/);
  assert.ok(existsSync(path.join(cwd, 'site/.git')));

  mkdirSync(path.join(cwd, 'mine'));
  writeFileSync(path.join(cwd, 'mine/thesis.docx'), 'years of work');
  r = await runCli(['build', '--quiet', '--out', 'mine'], cwd);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /legalsite did not make.*--force/);
  assert.is(readFileSync(path.join(cwd, 'mine/thesis.docx'), 'utf8'), 'years of work');

  r = await runCli(['build', '--quiet', '--force', '--out', 'mine'], cwd);
  assert.is(r.exitCode, 0, r.stderr);
  assert.not.ok(existsSync(path.join(cwd, 'mine/thesis.docx')), '--force replaces it');
  assert.ok(existsSync(path.join(cwd, 'mine', OUTPUT_MARKER)), 'and marks it as legalsite output');
  // A folder a build made is rebuilt without --force; an empty one is used.
  assert.is((await runCli(['build', '--quiet', '--out', 'mine'], cwd)).exitCode, 0);
  mkdirSync(path.join(cwd, 'empty'));
  assert.is((await runCli(['build', '--quiet', '--out', 'empty'], cwd)).exitCode, 0);
});

test('a marker copied into a folder holding a project, --force over a project kept deeper, a hidden folder or the build cache: refused, nothing deleted', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  // A build's marker copied into a folder of the user's, which keeps a project one level down.
  mkdirSync(path.join(cwd, 'notes/thesis/.git'), { recursive: true });
  writeFileSync(path.join(cwd, 'notes/todo.txt'), 'mine');
  cpSync(path.join(cwd, 'dist', OUTPUT_MARKER), path.join(cwd, 'notes', OUTPUT_MARKER));
  // A folder without a marker keeping a project deeper down, a hidden one, and the cache's.
  mkdirSync(path.join(cwd, 'work/a/b/app/node_modules'), { recursive: true });
  writeFileSync(path.join(cwd, 'work/a/b/app/package.json'), '{}');
  mkdirSync(path.join(cwd, '.ssh'));
  writeFileSync(path.join(cwd, '.ssh/id_ed25519'), 'PRIVATE KEY');
  mkdirSync(path.join(cwd, '.config/app'), { recursive: true });
  writeFileSync(path.join(cwd, '.config/app/settings.json'), '{}');
  mkdirSync(path.join(cwd, 'node_modules/.cache/legalsite'), { recursive: true });
  writeFileSync(path.join(cwd, 'node_modules/.cache/legalsite/kept'), '');
  const before = listFiles(cwd);
  const cases: [string[], RegExp][] = [
    [['--out', 'notes'], /thesis\/ in it is a project \(it holds \.git\), which a build would delete\. Move it out of "notes"/],
    [['--out', 'notes', '--force'], /thesis\/ in it is a project \(it holds \.git\)/],
    [['--out', 'work', '--force'], /even with --force: it is a folder holding a project \(a\/b\/app\/ holds package\.json and node_modules\)/],
    [['--out', '.ssh', '--force'], /even with --force: it is a hidden folder/],
    [['--out', '.config/app', '--force'], /even with --force: it is inside a hidden folder \(\.config\)/],
    [['--out', 'node_modules/.cache/legalsite', '--force'], /the build cache's folder/],
    [['--out', 'node_modules/.cache/legalsite/new', '--no-cache'], /the build cache's folder/],
  ];
  for (const [args, reason] of cases) {
    const r = await runCli(['build', '--quiet', ...args], cwd);
    assert.is(r.exitCode, 2, `${args.join(' ')} is refused`);
    assert.match(r.stderr, reason);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
  }
  assert.equal(listFiles(cwd), before, 'nothing deleted or added');
  // What a build writes itself is no project: an article whose slug is "package" writes
  // articles/package.json, and the next build goes ahead.
  const basics = readFileSync(path.join(cwd, 'content/articles/privilege-basics.md'), 'utf8');
  writeFileSync(path.join(cwd, 'content/articles/package.md'), basics.replace('title: Privilege basics', 'title: Package'));
  for (let i = 0; i < 2; i++) assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0, `build ${i + 1} with articles/package.json`);
  assert.ok(existsSync(path.join(cwd, 'dist/articles/package.json')));
  // A folder directly under the file system's root is never replaced, --force or not.
  assert.throws(() => guardOutputFolder({ outDir: '/usr', contentDir: 'content', cwd, force: true }), /even with --force: it is a folder directly under the file system's root/);
  assert.throws(() => guardOutputFolder({ outDir: '/var', contentDir: 'content', cwd, force: true }), /even with --force: it is a folder directly under the file system's root/);
});

test("--force never replaces the system's folders; a shared folder is never an output folder, empty or not, marker or not; a replaced folder keeps its group and permissions", async () => {
  const cwd = copyFixture('minimal');
  assert.throws(() => guardOutputFolder({ outDir: '/usr/share', contentDir: 'content', cwd, force: true }), /even with --force: it is a folder of the system's own, near the top of \/usr/);
  assert.throws(() => guardOutputFolder({ outDir: '/var/lib', contentDir: 'content', cwd, force: true }), /even with --force: it is a folder directly in \/var, which belongs to the system or to another user/);
  assert.throws(() => guardOutputFolder({ outDir: '/usr/share', contentDir: 'content', cwd }), /holds files that legalsite did not make/);
  // A shared folder, as /tmp and /var/tmp are (mode 1777): refused empty, and full with --force.
  const shared = path.join(cwd, 'shared');
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  const empty = await runCli(['build', '--quiet', '--out', 'shared'], cwd);
  assert.is(empty.exitCode, 2, empty.stderr);
  assert.match(empty.stderr, /refusing to use "shared" as the output folder: it is a shared folder \(its sticky bit is set, as \/tmp's is\)/);
  writeFileSync(path.join(shared, 'someone-elses.txt'), 'theirs');
  const forced = await runCli(['build', '--quiet', '--out', 'shared', '--force'], cwd);
  assert.is(forced.exitCode, 2, forced.stderr);
  // Anyone may drop a build's marker into a shared folder: it proves nothing there.
  writeFileSync(path.join(shared, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  const marked = await runCli(['build', '--quiet', '--out', 'shared'], cwd);
  assert.is(marked.exitCode, 2, marked.stderr);
  assert.equal(readdirSync(shared).sort(), [OUTPUT_MARKER, 'someone-elses.txt'].sort());
  // A folder a web server's group reads (0750), replaced with --force: the site's folder is 0750 too.
  const served = path.join(cwd, 'www');
  mkdirSync(served);
  writeFileSync(path.join(served, 'index.html'), 'old page');
  chmodSync(served, 0o750);
  // The web server's group, where the tests may give one (as root): a 0750 folder of the builder's
  // own group would lock the server out.
  const group = process.getuid?.() === 0 ? 1 : statSync(served).gid;
  chownSync(served, -1, group);
  assert.is((await runCli(['build', '--quiet', '--out', 'www', '--force'], cwd)).exitCode, 0);
  assert.is(statSync(served).mode & 0o7777, 0o750);
  assert.is(statSync(served).gid, group);
  assert.ok(existsSync(path.join(served, OUTPUT_MARKER)));
});

test('folders whose names start with two dots are still inside their parents: --force never replaces one holding the content or the current folder', async () => {
  // path.relative gives "..content" for such a folder, which a test of the first two characters
  // took for a way out of the parent: the guard then let --force empty the folder holding them.
  const root = tempDir();
  const proj = path.join(root, 'proj');
  cpSync(path.join(copyFixture('minimal'), 'content'), path.join(proj, '..content'), { recursive: true });
  writeFileSync(path.join(proj, 'notes.txt'), 'mine');
  mkdirSync(path.join(root, 'work'));
  const before = listFiles(root);
  const content = await runCli(['build', '--quiet', '--content', '../proj/..content', '--out', '../proj', '--force'], path.join(root, 'work'));
  assert.is(content.exitCode, 2, 'a folder holding the content folder is refused');
  assert.match(content.stderr, /refusing to use "\.\.\/proj" as the output folder: it is a folder holding the content folder/);
  const here = path.join(proj, '...', '..work');
  mkdirSync(here, { recursive: true });
  writeFileSync(path.join(here, 'mine.txt'), 'mine');
  const current = await runCli(['build', '--quiet', '--content', path.join(proj, '..content'), '--out', '../..', '--force'], here);
  assert.is(current.exitCode, 2, 'a folder holding the current folder is refused');
  assert.match(current.stderr, /it is a folder holding the current folder/);
  assert.equal(listFiles(root), [...before, 'proj/.../..work/mine.txt'].sort(), 'nothing deleted');
  // A folder named so inside the project is an ordinary output folder.
  const built = await runCli(['build', '--quiet', '--content', '../proj/..content', '--out', '../proj/..site'], path.join(root, 'work'));
  assert.is(built.exitCode, 0, built.stderr);
  assert.ok(existsSync(path.join(proj, '..site', 'index.html')));
});

test('an output folder that is a link: the folder it points at is rebuilt, nothing of it lost, the link kept', async () => {
  const cwd = copyFixture('minimal');
  const www = path.join(tempDir(), 'www', 'site');
  assert.is((await runCli(['build', '--quiet', '--out', www], cwd)).exitCode, 0);
  symlinkSync(www, path.join(cwd, 'dist'));
  const r = await runCli(['build', '--quiet', '--no-cache', '--out', 'dist', '--base-url', 'https://staging.example.org'], cwd);
  assert.is(r.exitCode, 0, r.stderr);
  assert.ok(lstatSync(path.join(cwd, 'dist')).isSymbolicLink(), 'the link is kept');
  assert.ok(existsSync(path.join(www, 'index.html')), 'the folder it points at holds the site');
  assert.match(readFileSync(path.join(www, 'index.html'), 'utf8'), /staging\.example\.org/);
});

test('a folder inside the output folder replaced by a link: the rebuild neither writes nor deletes through it', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const elsewhere = path.join(tempDir(), 'elsewhere');
  mkdirSync(elsewhere);
  const page = readdirSync(path.join(cwd, 'dist/articles')).find((f) => f.endsWith('.html'))!;
  // The user's own files, one under the name of a page the build writes.
  writeFileSync(path.join(elsewhere, page), 'my own notes');
  writeFileSync(path.join(elsewhere, 'keep.txt'), 'keep me');
  rmSync(path.join(cwd, 'dist/articles'), { recursive: true });
  symlinkSync(elsewhere, path.join(cwd, 'dist/articles'));
  const r = await runCli(['build', '--quiet'], cwd);
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(readdirSync(elsewhere).sort(), ['keep.txt', page].sort(), 'nothing written into it');
  assert.is(readFileSync(path.join(elsewhere, page), 'utf8'), 'my own notes');
  assert.not.ok(lstatSync(path.join(cwd, 'dist/articles')).isSymbolicLink(), 'the link went, not what it leads to');
  assertSame(path.join(cwd, 'dist'), await coldBuild(cwd), 'the output folder after it');
});

test('a folder re-made by the user where a build once wrote is theirs: refused without --force', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--out', 'site'], cwd)).exitCode, 0);
  rmSync(path.join(cwd, 'site'), { recursive: true });
  mkdirSync(path.join(cwd, 'site'));
  writeFileSync(path.join(cwd, 'site/notes.txt'), 'precious');
  const r = await runCli(['build', '--quiet', '--out', 'site'], cwd);
  assert.is(r.exitCode, 2);
  assert.is(readFileSync(path.join(cwd, 'site/notes.txt'), 'utf8'), 'precious');
  writeFileSync(path.join(cwd, 'afile'), '');
  const under = await runCli(['build', '--quiet', '--out', 'afile/site'], cwd);
  assert.is(under.exitCode, 2);
  assert.match(under.stderr, /afile is a file, not a folder/);
});

test('a file system mounted inside the output folder is refused, with --no-cache and --force too: nothing on it deleted', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--out', 'dist'], cwd)).exitCode, 0);
  const vol = path.join(cwd, 'dist/media/vol');
  mkdirSync(vol, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', vol]);
  } catch {
    // Only root may mount; test/write/mount-points.test.ts covers the guard's reading of the mounts.
    assert.ok(process.getuid?.() !== 0, 'root can mount a tmpfs');
    return;
  }
  try {
    mkdirSync(path.join(vol, 'sub'));
    writeFileSync(path.join(vol, 'sub/precious.txt'), 'precious');
    const before = listFiles(path.join(cwd, 'dist'));
    for (const extra of [[], ['--no-cache'], ['--no-cache', '--force'], ['--base-url', 'https://staging.example.org']]) {
      const r = await runCli(['build', '--out', 'dist', ...extra], cwd);
      assert.is(r.exitCode, 2, `${extra.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /media\/vol\/ in it is a mount point/);
      assert.is(readFileSync(path.join(vol, 'sub/precious.txt'), 'utf8'), 'precious');
      assert.equal(listFiles(path.join(cwd, 'dist')), before, 'the output folder as it was');
      assert.equal(readdirSync(cwd).filter((n) => n.startsWith('dist.')), [], 'nothing beside it');
    }
  } finally {
    execFileSync('umount', [vol]);
  }
});

test('the guard resolves links: a link to the project is the project', () => {
  const cwd = tempDir();
  mkdirSync(path.join(cwd, 'content'));
  const link = path.join(tempDir(), 'link');
  symlinkSync(cwd, link);
  assert.throws(() => guardOutputFolder({ outDir: link, contentDir: 'content', cwd }), /the current folder/);
  assert.throws(() => guardOutputFolder({ outDir: path.join(link, 'content', 'x'), contentDir: 'content', cwd }), /inside the content folder/);
  assert.not.throws(() => guardOutputFolder({ outDir: 'dist', contentDir: 'content', cwd }));
});

test('a commit that fails part-way leaves every file of the output folder as it was', async () => {
  const cwd = copyFixture('minimal');
  // An article removed below, so that the failing commits also delete files.
  const articles = path.join(cwd, 'content/articles');
  writeFileSync(path.join(articles, 'extra-evidence.md'), readFileSync(path.join(articles, 'hashing-evidence.md'), 'utf8').replace('title: Hashing evidence', 'title: Extra evidence'));
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.ok(existsSync(path.join(cwd, 'dist/articles/extra-evidence.html')), 'the extra article is built');
  const dist = path.join(cwd, 'dist');
  const before = path.join(tempDir(), 'before');
  cpSync(dist, before, { recursive: true, preserveTimestamps: true });
  editArticle(cwd, 'Privilege protects', 'Privilege shields');
  rmSync(path.join(articles, 'extra-evidence.md'));
  for (const n of [1, 2, 5]) {
    const r = await runCli(['build', '--quiet'], cwd, { LEGALSITE_FAULT: `commit-fail:${n}` });
    assert.is(r.exitCode, 4, `a full disk at move ${n} is the environment's failure`);
    assert.match(r.stderr, /disk is full/);
    assert.not.match(r.stderr, /bug in legalsite|\n\s+at /);
    assertSame(dist, before, `after a failure at move ${n}`);
    assert.equal(folders(dist), folders(before), 'no folder added or removed');
    assert.equal(readdirSync(cwd).filter((n) => n.startsWith('dist.')), [], 'no staging folder left');
  }
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assertSame(dist, await coldBuild(cwd), 'the next build');
});

test('a build killed at any point of its commit leaves, after the next build, exactly a cold build', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const dist = path.join(cwd, 'dist');
  let edit = 0;
  // In-place updates (an edited body), then fresh builds (another --base-url).
  for (const [n, args] of [[1, []], [2, []], [3, []], [8, []], [1, ['--base-url', 'https://staging.example.org']], [2, ['--base-url', 'https://staging.example.org']]] as [number, string[]][]) {
    editArticle(cwd, `Privilege ${edit ? `edit${edit}` : 'protects'}`, `Privilege edit${++edit}`);
    const killed = await runCli(['build', '--quiet', ...args], cwd, { LEGALSITE_FAULT: `commit-kill:${n}` });
    assert.is(killed.signal, 'SIGKILL', `killed at move ${n}`);
    const r = await runCli(['build', '--quiet', ...args], cwd);
    assert.is(r.exitCode, 0, r.stderr);
    const cold = path.join(tempDir(), 'cold');
    assert.ok((await build({ contentDir: 'content', outDir: cold, cwd, write: true, retainFiles: false, baseUrl: args[1] })).ok);
    assertSame(dist, cold, `after a kill at move ${n} ${args.join(' ')}`);
    assert.equal(folders(dist), folders(cold), 'the same folders');
    assert.equal(readdirSync(cwd).filter((n) => n.startsWith('dist.')), [], 'the killed build left nothing beside the output folder');
  }
});

test('a --force build killed between moving the folder it replaces aside and moving its own in: the folder is put back as it was', async () => {
  const cwd = copyFixture('minimal');
  mkdirSync(path.join(cwd, 'mine'));
  writeFileSync(path.join(cwd, 'mine/thesis.docx'), 'years of work');
  const killed = await runCli(['build', '--quiet', '--force', '--out', 'mine'], cwd, { LEGALSITE_FAULT: 'commit-kill:2' });
  assert.is(killed.signal, 'SIGKILL');
  assert.not.ok(existsSync(path.join(cwd, 'mine')), 'killed with the folder moved aside');
  // The next build puts it back before anything else, and, without --force, replaces nothing.
  const r = await runCli(['build', '--quiet', '--out', 'mine'], cwd);
  assert.is(r.exitCode, 2, r.stderr);
  assert.match(r.stderr, /legalsite did not make/);
  assert.is(readFileSync(path.join(cwd, 'mine/thesis.docx'), 'utf8'), 'years of work');
  assert.equal(readdirSync(cwd).filter((n) => n.startsWith('mine.')), [], 'nothing left beside it');

  // Through a link: --out public, public -> www. The swap sets www aside, beside www.
  const www = path.join(tempDir(), 'www');
  mkdirSync(www);
  writeFileSync(path.join(www, 'precious.txt'), 'mine');
  symlinkSync(www, path.join(cwd, 'public'));
  const cut = await runCli(['build', '--quiet', '--force', '--out', 'public'], cwd, { LEGALSITE_FAULT: 'commit-kill:2' });
  assert.is(cut.signal, 'SIGKILL');
  assert.not.ok(existsSync(www), 'the link leads nowhere now');
  const again = await runCli(['build', '--quiet', '--out', 'public'], cwd);
  assert.is(again.exitCode, 2, again.stderr);
  assert.match(again.stderr, /legalsite did not make/);
  assert.is(readFileSync(path.join(www, 'precious.txt'), 'utf8'), 'mine', 'put back where the link leads');

  // When the folder exists again by the time of the next build, the one set aside is left, and said.
  const cutAgain = await runCli(['build', '--quiet', '--force', '--out', 'public'], cwd, { LEGALSITE_FAULT: 'commit-kill:2' });
  assert.is(cutAgain.signal, 'SIGKILL');
  mkdirSync(www);
  const warned = await runCli(['build', '--quiet', '--out', 'public'], cwd);
  assert.is(warned.exitCode, 0, warned.stderr);
  assert.match(warned.stderr, /www\.legalsite-old-\d+-[0-9a-z]+ holds a folder of yours that a killed build was replacing with --force/);
  const aside = readdirSync(path.dirname(www)).find((n) => n.startsWith('www.legalsite-old-'))!;
  assert.is(readFileSync(path.join(path.dirname(www), aside, 'precious.txt'), 'utf8'), 'mine');
});

test('folders a killed build left are removed, empty ones too; folders of the same name that legalsite did not make are not', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const ours = path.join(cwd, 'dist.legalsite-staging-999999-abc');
  mkdirSync(ours);
  writeFileSync(path.join(ours, '.legalsite-staging'), '');
  writeFileSync(path.join(ours, 'big.bin'), Buffer.alloc(1024));
  const theirs = path.join(cwd, 'dist.legalsite-tmp-999999-abc');
  mkdirSync(theirs);
  writeFileSync(path.join(theirs, 'notes.txt'), 'mine');
  // Killed between making its folders and writing their markers: empty, and nobody's.
  const emptyTmp = path.join(cwd, 'dist.legalsite-tmp-999998-abd');
  const emptyStaging = path.join(cwd, 'dist.legalsite-staging-999998-abe');
  mkdirSync(emptyTmp);
  mkdirSync(emptyStaging);
  // A backup of the output folder, marker and all, named as people name backups.
  const backup = path.join(cwd, 'dist.old-2024-06');
  cpSync(path.join(cwd, 'dist'), backup, { recursive: true });
  writeFileSync(path.join(backup, 'NOTES.txt'), 'mine');
  editArticle(cwd, 'Privilege protects', 'Privilege shields');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.not.ok(existsSync(ours));
  assert.not.ok(existsSync(emptyTmp), 'an empty folder a killed build made is removed');
  assert.not.ok(existsSync(emptyStaging));
  assert.is(readFileSync(path.join(theirs, 'notes.txt'), 'utf8'), 'mine');
  assert.is(readFileSync(path.join(backup, 'NOTES.txt'), 'utf8'), 'mine');
});

test('one build at a time per output folder: a live holder refuses the second with exit 4; a dead or reused-number holder is taken over', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const lock = path.join(cwd, 'dist.legalsite-lock');
  assert.not.ok(existsSync(lock), 'a finished build gives its lock back');
  const before = snapshot(path.join(cwd, 'dist'));
  const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
  try {
    const stat = readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, started }));
    editArticle(cwd, 'Privilege protects', 'Privilege shields');
    const refused = await runCli(['build'], cwd);
    assert.is(refused.exitCode, 4, refused.stderr);
    assert.is(refused.stderr.trim(), `legalsite: another legalsite command (process ${holder.pid}) is using ${path.join(cwd, 'dist')} (a build writing it, or a publish uploading it): wait for it to finish, or stop it, and run again`);
    assert.equal(snapshot(path.join(cwd, 'dist')), before, 'the output folder is untouched');
    assert.ok(existsSync(lock), "the other build's lock stays");
    // The same process number, now another process (containers reuse numbers): not a holder.
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, started: String(Number(started) - 1) }));
    assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
    assert.not.ok(existsSync(lock));
  } finally {
    holder.kill();
  }
  // A killed build's lock (its process gone) is taken over.
  writeFileSync(lock, JSON.stringify({ pid: 999999, started: '1' }));
  editArticle(cwd, 'Privilege shields', 'Privilege protects');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.not.ok(existsSync(lock));
  // So is one whose build was killed and never reaped (a zombie, which signal 0 still reaches): the
  // shell's background child exits, and the process the shell became never waits for it.
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout!.once('data', resolve))).toString().trim());
    for (let i = 0; i < 100 && !readFileSync(`/proc/${zombie}/stat`, 'utf8').includes(') Z '); i++) await new Promise((r) => setTimeout(r, 20));
    assert.match(readFileSync(`/proc/${zombie}/stat`, 'utf8'), /\) Z /, 'a zombie');
    const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8');
    writeFileSync(lock, JSON.stringify({ pid: zombie, started: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] }));
    editArticle(cwd, 'Privilege protects', 'Privilege shields');
    const r = await runCli(['build', '--quiet'], cwd);
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.ok(existsSync(lock));
  } finally {
    parent.kill();
  }
});

test("a file of the user's that bears the lock's name is never taken for a stale lock: the build refuses, exit 2, and leaves it", async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const lock = path.join(cwd, 'dist.legalsite-lock');
  const before = snapshot(path.join(cwd, 'dist'));
  writeFileSync(lock, 'Notes for the filing: check the lock-in period.\n');
  editArticle(cwd, 'Privilege protects', 'Privilege shields');
  const refused = await runCli(['build'], cwd);
  assert.is(refused.exitCode, 2, refused.stderr);
  assert.is(refused.stderr.trim(), `legalsite: ${lock} is in the way: legalsite keeps the lock of ${path.join(cwd, 'dist')} at that name while it builds or publishes, and what is there is not one of its locks. Nothing was written, changed or removed. Move or rename it, or choose another output folder with --out.`);
  assert.is(readFileSync(lock, 'utf8'), 'Notes for the filing: check the lock-in period.\n');
  assert.equal(snapshot(path.join(cwd, 'dist')), before, 'the output folder is untouched');
});

test('an incremental build removes folders it no longer fills, as a cold build has none', async () => {
  const cwd = copyFixture('minimal');
  mkdirSync(path.join(cwd, 'content/templates/extra'), { recursive: true });
  writeFileSync(path.join(cwd, 'content/templates/extra/sample.csv'), 'a,b\n1,2\n');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.ok(existsSync(path.join(cwd, 'dist/templates/extra/sample.csv')));
  rmSync(path.join(cwd, 'content/templates/extra'), { recursive: true });
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const cold = await coldBuild(cwd);
  assert.equal(folders(path.join(cwd, 'dist')), folders(cold));
});

test('a damaged build cache is dropped with one warning, and the output is a cold build', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const cacheRoot = path.join(cwd, '.legalsite-cache');
  const cacheDir = path.join(cacheRoot, readdirSync(cacheRoot)[0]);
  const parts = readdirSync(cacheDir).filter((f) => /^(\d\d|candidates|backlinks)\.bin$/.test(f)).sort();
  assert.ok(parts.length >= 32);
  // Each build changes one summary (back and forth), so it updates the output folder in place and
  // reads the cache's parts (a build that writes a new folder reads only its memos).
  const summaries = ['summary: What privilege protects and how a privilege log describes it.', 'summary: What privilege shields and how a privilege log describes it.'];
  editArticle(cwd, summaries[0], summaries[1]);
  const colds = [await coldBuild(cwd)];
  editArticle(cwd, summaries[1], summaries[0]);
  colds.unshift(await coldBuild(cwd));
  let now = 0;
  const damage = [
    (f: string) => truncateSync(f, Math.floor(statSync(f).size / 2)),
    (f: string) => {
      const bytes = readFileSync(f);
      for (let i = 17; i < bytes.length; i += 97) bytes[i] ^= 0x5a;
      writeFileSync(f, bytes);
    },
    (f: string) => writeFileSync(f, 'not a cache file'),
  ];
  let runs = 0;
  // Flipped bytes in every part, one at a time; a cut and a foreign file in a few.
  const plan = [...parts.map((part) => [part, 1] as const), [parts[0], 0], [parts[7], 0], ['candidates.bin', 0], [parts[3], 2], ['backlinks.bin', 2]] as const;
  for (const [part, d] of plan) {
    const file = path.join(cacheDir, part);
    if (!existsSync(file)) continue;
    damage[d](file);
    editArticle(cwd, summaries[now], summaries[1 - now]);
    now = 1 - now;
    const result = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, diskCache: true, retainFiles: false });
    runs++;
    assert.ok(result.ok, `the build succeeds with ${part} damaged (${d})`);
    assert.equal(result.diagnostics, [], 'no error blamed on any content file');
    assert.is(result.warnings?.length, 1, `one warning for ${part} (${d})`);
    assert.match(result.warnings![0], /damaged/);
    assertSame(path.join(cwd, 'dist'), colds[now], `with ${part} damaged (${d})`);
  }
  assert.ok(runs >= 32);
  // The warning reaches the user, and the cache heals: the build after is quiet.
  const file = path.join(cacheDir, parts.find((p) => /^\d\d\.bin$/.test(p) && statSync(path.join(cacheDir, p)).size > 200)!);
  truncateSync(file, 40);
  editArticle(cwd, summaries[now], summaries[1 - now]);
  now = 1 - now;
  const r = await runCli(['build', '--quiet'], cwd);
  assert.is(r.exitCode, 0);
  assert.match(r.stderr, /^legalsite: warning: the build cache .* had a damaged file/);
  editArticle(cwd, summaries[now], summaries[1 - now]);
  assert.is((await runCli(['build', '--quiet'], cwd)).stderr, '');
});

test('a damaged build state is not trusted: the build after is whole', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const cacheRoot = path.join(cwd, '.legalsite-cache');
  const state = listFiles(cacheRoot).find((f) => f.endsWith('.state.bin'))!;
  const bytes = readFileSync(path.join(cacheRoot, state));
  for (let i = 20; i < bytes.length; i += 50) bytes[i] ^= 0xff;
  writeFileSync(path.join(cacheRoot, state), bytes);
  editArticle(cwd, 'Privilege protects', 'Privilege shields');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assertSame(path.join(cwd, 'dist'), await coldBuild(cwd), 'after a damaged state');
});

test('inputs stay inside the content folder: links out, links to folders and FIFOs are located errors, never copied', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const before = snapshot(path.join(cwd, 'dist'));
  const secret = path.join(tempDir(), 'ci-secrets.env');
  writeFileSync(secret, 'AWS_SECRET_ACCESS_KEY=do-not-publish');
  symlinkSync(secret, path.join(cwd, 'content/templates/settings.csv'));
  symlinkSync('/proc/self/environ', path.join(cwd, 'content/templates/environ.txt'));
  symlinkSync(path.dirname(secret), path.join(cwd, 'content/templates/shared'));
  symlinkSync(secret, path.join(cwd, 'content/glossary/leak.yaml'));
  symlinkSync(secret, path.join(cwd, 'content/articles/leak.md'));
  execFileSync('mkfifo', [path.join(cwd, 'content/templates/pipe.csv')]);
  // The id file too: a link to a file outside is neither read nor replaced.
  const pins = path.join(tempDir(), 'pinpoints.jsonl');
  renameSync(path.join(cwd, 'content/pinpoints.jsonl'), pins);
  const pinsBefore = readFileSync(pins, 'utf8');
  symlinkSync(pins, path.join(cwd, 'content/pinpoints.jsonl'));
  const r = await runCli(['build'], cwd);
  assert.is(r.exitCode, 1);
  assert.match(r.stderr, /content\/pinpoints\.jsonl:1:1  error  is a link to .*, outside the content folder; it was not read/);
  assert.ok(lstatSync(path.join(cwd, 'content/pinpoints.jsonl')).isSymbolicLink(), 'the link is left as it is');
  assert.is(readFileSync(pins, 'utf8'), pinsBefore);
  rmSync(path.join(cwd, 'content/pinpoints.jsonl'));
  renameSync(pins, path.join(cwd, 'content/pinpoints.jsonl'));
  for (const file of ['templates/settings.csv', 'templates/environ.txt', 'glossary/leak.yaml', 'articles/leak.md']) {
    assert.match(r.stderr, new RegExp(`content/${file}:1:1  error  is a link to .*, outside the content folder`), file);
  }
  assert.match(r.stderr, /content\/templates\/shared:1:1  error  is a link to .*outside the content folder/);
  assert.match(r.stderr, /content\/templates\/pipe\.csv:1:1  error  is a named pipe \(FIFO\)/);
  assert.not.match(r.stderr + r.stdout, /do-not-publish/);
  assert.equal(snapshot(path.join(cwd, 'dist')), before, 'the output folder is as it was');
  // A link inside the content folder to its own file is fine.
  for (const f of ['settings.csv', 'environ.txt', 'shared', 'pipe.csv']) rmSync(path.join(cwd, 'content/templates', f));
  rmSync(path.join(cwd, 'content/glossary/leak.yaml'));
  rmSync(path.join(cwd, 'content/articles/leak.md'));
  symlinkSync('../articles/privilege-basics.md', path.join(cwd, 'content/templates/privilege-basics.md'));
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.ok(existsSync(path.join(cwd, 'dist/templates/privilege-basics.md')));
});

test('a content folder that is itself a link out (templates/, pages/, glossary/) is a located error; nothing under it is read or copied', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const before = snapshot(path.join(cwd, 'dist'));
  // A folder of someone's own files, reached by linking a whole content folder to it.
  const home = tempDir();
  for (const folder of ['templates', 'pages', 'glossary']) {
    const outside = path.join(home, folder);
    cpSync(path.join(cwd, 'content', folder), outside, { recursive: true });
    mkdirSync(path.join(outside, 'Documents'));
    writeFileSync(path.join(outside, 'Documents/taxes.txt'), 'tax return: do-not-publish');
    writeFileSync(path.join(outside, 'notes.md'), '---\ntitle: Notes\n---\nprivate notes: do-not-publish\n');
    rmSync(path.join(cwd, 'content', folder), { recursive: true });
    symlinkSync(outside, path.join(cwd, 'content', folder));
  }
  const r = await runCli(['build'], cwd);
  assert.is(r.exitCode, 1, r.stderr);
  for (const folder of ['templates', 'pages', 'glossary']) {
    const said = r.stderr.split('\n').filter((line) => line.startsWith(`content/${folder}:1:1  error  is a link to `));
    assert.is(said.length, 1, `content/${folder} reported once:\n${r.stderr}`);
    assert.match(said[0], /outside the content folder; it was not read/);
  }
  assert.not.match(r.stderr + r.stdout, /do-not-publish/);
  assert.equal(snapshot(path.join(cwd, 'dist')), before, 'the output folder is as it was');
  // A folder linked to another folder inside the content folder is followed, as before.
  rmSync(path.join(cwd, 'content/templates'));
  cpSync(path.join(home, 'templates'), path.join(cwd, 'content/shared-templates'), { recursive: true });
  rmSync(path.join(cwd, 'content/shared-templates/Documents'), { recursive: true });
  rmSync(path.join(cwd, 'content/shared-templates/notes.md'));
  symlinkSync('shared-templates', path.join(cwd, 'content/templates'));
  for (const folder of ['pages', 'glossary']) {
    rmSync(path.join(cwd, 'content', folder));
    cpSync(path.join(home, folder), path.join(cwd, 'content', folder), { recursive: true });
    rmSync(path.join(cwd, 'content', folder, 'Documents'), { recursive: true });
    rmSync(path.join(cwd, 'content', folder, 'notes.md'));
  }
  const inside = await runCli(['build', '--quiet'], cwd);
  assert.is(inside.exitCode, 0, inside.stderr);
  assert.ok(existsSync(path.join(cwd, 'dist/templates/custody-log.csv')));
});

/** Runs the CLI (through its launcher, as a user does) and resolves with how it ended. */
function runToEnd(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn('node', [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

/** What a build left beside the output folder `out` (staging folders, lock). */
const besideOutput = (out: string) => readdirSync(path.dirname(out)).filter((f) => f.startsWith(`${path.basename(out)}.legalsite-`));

test('Ctrl-C during the commit: the commit finishes, the build ends by the signal, and nothing is left half done', async () => {
  const cwd = copyFixture('minimal');
  const out = path.join(cwd, 'dist');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  editArticle(cwd, 'Privilege protects', 'Privilege shields');
  // SIGINT arrives at the third file move of the commit; Node's default ended the process there,
  // leaving the output folder part old, part new, and the staging folder and lock beside it.
  const r = await runToEnd(['build', '--quiet'], cwd, { LEGALSITE_FAULT: 'commit-interrupt:3' });
  assert.is(r.signal, 'SIGINT', `ended by the signal: ${r.code} ${r.stderr}`);
  assert.not.match(r.stderr, /\n\s+at |internal failure/);
  assertSame(out, await coldBuild(cwd), 'the output folder is the new build, whole');
  assert.equal(besideOutput(out), [], 'no staging folder or lock left beside it');
  assert.match((await runCli(['build'], cwd)).stdout, /is up to date/, 'the id file, state and cache were saved');
});

test('SIGTERM before the commit: the build stops as a failed one does, the output folder as it was, nothing beside it', async () => {
  const site = copyFixture('minimal');
  const out = path.join(site, 'dist');
  assert.is((await runCli(['build', '--quiet'], site)).exitCode, 0);
  const before = snapshot(out);
  const r = await runToEnd(['build', '--quiet', '--base-url', 'https://staging.example.org'], site, { LEGALSITE_FAULT: 'interrupt-at:site-files' });
  assert.is(r.signal, 'SIGTERM', `ended by the signal: ${r.code} ${r.stderr}`);
  assert.is(r.stderr, '', 'nothing to say: the stop is no failure');
  assert.equal(snapshot(out), before, 'the output folder is as it was');
  assert.equal(besideOutput(out), [], 'no staging folder or lock left beside it');
  assert.is((await runCli(['build', '--quiet', '--base-url', 'https://staging.example.org'], site)).exitCode, 0);
});

/** The minimal site built, its output folder and id file as that build left them, then an article
 * edited: what a build stopped or killed now must leave as it was. */
async function builtThenEdited(): Promise<{ site: string; out: string; before: ReturnType<typeof snapshot>; pins: string }> {
  const site = copyFixture('minimal');
  const out = path.join(site, 'dist');
  assert.is((await runCli(['build', '--quiet'], site)).exitCode, 0);
  const before = snapshot(out);
  const pins = readFileSync(path.join(site, 'content/pinpoints.jsonl'), 'utf8');
  editArticle(site, 'A privilege log lists what is withheld.', 'A privilege log lists, item by item, what is withheld.');
  return { site, out, before, pins };
}

test('SIGTERM that comes while the build works without a turn of the event loop, just before the commit: the output folder as it was', async () => {
  // A build works for seconds on promises alone, when no signal is heard; one sent then was heard
  // only once the commit had begun, and the stopped build replaced the output folder.
  const { site, out, before, pins } = await builtThenEdited();
  const r = await runToEnd(['build', '--quiet'], site, { LEGALSITE_FAULT: 'unheard-at:commit' });
  assert.is(r.signal, 'SIGTERM', `ended by the signal: ${r.code} ${r.stderr}`);
  assert.is(r.stderr, '', 'nothing to say: the stop is no failure');
  assert.equal(snapshot(out), before, 'the output folder is as it was');
  assert.is(readFileSync(path.join(site, 'content/pinpoints.jsonl'), 'utf8'), pins, 'the id file is as it was');
  assert.equal(besideOutput(out), [], 'no staging folder or lock left beside it');
});

test('a CLI process whose launcher was killed before it could hear of it stops at once: the output folder and the id file as they were', async () => {
  // kill -9 of `legalsite build` in its first tenth of a second left the CLI's own process running
  // alone, and it replaced dist/ although the caller had seen the build killed. The launcher's
  // death is simulated by a launcher id that is not this process's parent.
  const { site, out, before, pins } = await builtThenEdited();
  const child = (launcher: number) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const proc = spawn(process.execPath, [BIN, 'build', '--quiet'], { cwd: site, stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, LEGALSITE_NO_RESPAWN: '1', LEGALSITE_LAUNCHER_PID: String(launcher) } });
    proc.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const orphan = await child(process.pid + 1_000_000);
  assert.ok(orphan.signal === 'SIGTERM' || orphan.code === 143, `stopped: ${orphan.code} ${orphan.signal}`);
  assert.equal(snapshot(out), before, 'the output folder is as it was');
  assert.is(readFileSync(path.join(site, 'content/pinpoints.jsonl'), 'utf8'), pins, 'the id file is as it was');
  // Its launcher alive (this process), the same command builds.
  assert.equal(await child(process.pid), { code: 0, signal: null });
  assert.not.equal(snapshot(out), before, 'the edit is built');
  // The real thing: `legalsite build` killed with SIGKILL as soon as its CLI process exists.
  const built = snapshot(out);
  editArticle(site, 'item by item', 'one by one');
  for (let i = 0; i < 3; i++) {
    const launcher = spawn(process.execPath, [BIN, 'build', '--quiet'], { cwd: site, stdio: 'ignore' });
    const cli = await childOf(launcher.pid!);
    launcher.kill('SIGKILL');
    if (cli) await gone(cli);
    assert.equal(snapshot(out), built, `kill ${i + 1}: the output folder is as it was`);
  }
});

/** The first child process of `pid`, as soon as it exists (Linux: /proc), or undefined. */
async function childOf(pid: number): Promise<number | undefined> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  return undefined;
}

/** Resolves once process `pid` has ended (at most 60 s). */
async function gone(pid: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until && existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((r) => setTimeout(r, 20));
}

test('a read-only output folder is refused with exit 4 before anything moves: dist/ as it was, nothing left beside it', async () => {
  // It could be swapped out but its files not deleted: the build failed after dist/ had changed,
  // and the copy it left beside it stopped every later build.
  const site = copyFixture('minimal');
  const cli = unprivilegedCli(site);
  assert.is((await cli(['build', '--quiet'])).exitCode, 0);
  const out = path.join(site, 'dist');
  const before = snapshot(out);
  editArticle(site, 'A privilege log lists what is withheld.', 'A privilege log lists, item by item, what is withheld.');
  chmodSync(out, 0o555);
  const r = await cli(['build', '--quiet']);
  assert.is(r.exitCode, 4, String(r.stderr));
  assert.match(String(r.stderr), /permission denied \(access\) for .*dist\. Check that you may read and write there/);
  assert.equal(snapshot(out), before, 'the output folder is as it was');
  assert.equal(readdirSync(site).filter((f) => f.startsWith('dist.')), [], 'nothing beside it');
  chmodSync(out, 0o755);
  assert.is((await cli(['build', '--quiet'])).exitCode, 0, 'writable again, the build goes through');
  assert.not.equal(snapshot(out), before);
});

test('a full disk fails the build with exit 4 and one plain line; the previous output stays whole', async () => {
  const cwd = copyFixture('minimal');
  // Only root may mount; the injected failure test above covers others.
  await withTmpfs('size=1200k', async (mnt) => {
    const out = path.join(mnt, 'dist');
    const first = await runCli(['build', '--quiet', '--out', out], cwd);
    assert.is(first.exitCode, 0, `the site fits once: ${first.stderr}`);
    const before = snapshot(out);
    // Another base URL rewrites every file into a new folder beside it: twice the site, more than the disk.
    const r = await runCli(['build', '--quiet', '--out', out, '--base-url', 'https://staging.example.org'], cwd);
    assert.is(r.exitCode, 4, r.stderr);
    assert.match(r.stderr, /^legalsite: the disk is full \(could not write \/[^)]+\)/, 'the line names the file it could not write');
    assert.not.match(r.stderr, /bug in legalsite|\n\s+at /);
    assert.equal(snapshot(out), before, 'the output folder is as it was');
    assert.equal(readdirSync(mnt), ['dist'], 'nothing left beside it');
  });
});

test('too many open files (ulimit -n) is one plain line and exit 4, wherever it strikes: launcher, bundler or build; nothing left beside the output folder', async () => {
  const cwd = copyFixture('minimal');
  const refused: number[] = [];
  // Below about 20 Node itself cannot open the script; from about 30 the build has what it needs.
  for (const limit of [20, 22, 24, 26, 28]) {
    const r = await execa('bash', ['-c', `ulimit -n ${limit}; exec node ${JSON.stringify(BIN)} build --out dist`], { cwd, reject: false });
    if (r.exitCode === 0) continue;
    refused.push(limit);
    assert.is(r.exitCode, 4, `ulimit -n ${limit}: ${r.stderr}`);
    assert.match(r.stderr, /^legalsite: too many files are open at once on this machine\. .*ulimit -n.*$/, `ulimit -n ${limit}: one line`);
    assert.not.match(r.stderr, /\n\s+at |Unhandled|bug in legalsite/);
    assert.equal(readdirSync(cwd).filter((n) => n.startsWith('dist.')), [], `ulimit -n ${limit}: no lock or staging folder left`);
  }
  assert.ok(refused.length >= 2, `the limits refused some of the runs (${refused.join(', ')})`);
  assert.is((await runCli(['build', '--quiet', '--out', 'dist'], cwd)).exitCode, 0, 'and the next build, with files enough, builds');
});

test('an installation missing a module legalsite needs is one plain line and exit 4, not Node\'s "Cannot find module" trace', async () => {
  // legalsite's own files without its node_modules: what an interrupted install leaves.
  const installed = tempDir();
  const root = path.resolve(path.dirname(BIN), '..');
  for (const part of ['bin', 'lib', 'package.json']) cpSync(path.join(root, part), path.join(installed, part), { recursive: true });
  const cwd = copyFixture('minimal');
  const r = await execa('node', [path.join(installed, 'bin/legalsite.js'), 'build'], { cwd, reject: false });
  assert.is(r.exitCode, 4, r.stderr);
  assert.match(r.stderr, /^legalsite: could not load [\w@/.-]+, which legalsite needs: its installation is incomplete\. Run npm ci \(or install legalsite again\), and run again\.$/);
  assert.not.ok(existsSync(path.join(cwd, 'dist')), 'nothing was built');
});

test("a content file the machine fails to read (too many open files, a disk error) ends the build as the environment's failure, exit 4, one line; a file that cannot be read for its own reasons is a content error at it", async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--no-cache'], cwd)).exitCode, 0);
  const out = path.join(cwd, 'dist');
  const before = snapshot(out);
  // An article (read on a shard), a glossary term (read by the main thread) and the id file.
  for (const [file, code, line] of [
    ['privilege-basics.md', 'EMFILE', /^legalsite: too many files are open at once on this machine\. .*ulimit -n/],
    ['hash-value.yaml', 'ENFILE', /^legalsite: too many files are open at once on this machine\./],
    ['pinpoints.jsonl', 'EIO', /^legalsite: the disk failed to read or write .*pinpoints\.jsonl\. Check the disk/],
  ] as const) {
    const r = await runCli(['build', '--no-cache'], cwd, { LEGALSITE_FAULT: `read-fail:${code}:${file}` });
    assert.is(r.exitCode, 4, `${file} ${code}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, line, file);
    assert.not.match(`${r.stdout}${r.stderr}`, /could not be read|\n\s+at |bug in legalsite/, file);
    assert.equal(snapshot(out), before, `${file}: the output folder is as it was`);
  }
  const denied = await runCli(['build', '--no-cache'], cwd, { LEGALSITE_FAULT: 'read-fail:EACCES:privilege-basics.md' });
  assert.is(denied.exitCode, 1, denied.stderr);
  assert.match(`${denied.stdout}${denied.stderr}`, /privilege-basics\.md[\s\S]*could not be read/);
  assert.equal(snapshot(out), before);
});

test('a reader that stops reading (build | head -1) gets no stack trace: the build ends as it would have', async () => {
  const cwd = copyFixture('minimal');
  const out = path.join(cwd, 'dist');
  // stdout is a pipe whose reading end is closed before the build writes its summary to it.
  const child = spawn('node', [BIN, 'build', '--out', out], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(code, 0, stderr);
  assert.not.match(stderr, /EPIPE|\n\s+at /);
  assert.ok(existsSync(path.join(out, 'index.html')), 'the site was built');
});

test('standard output that cannot be written (a full disk behind > build.log) is one plain line and exit 4, never a stack trace', async () => {
  const cwd = copyFixture('minimal');
  const out = path.join(cwd, 'dist');
  // /dev/full refuses every write with ENOSPC, as a file on a full disk does.
  const run = async (args: string[]) => {
    const full = openSync('/dev/full', 'w');
    const child = spawn('node', [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', full, 'pipe'] });
    closeSync(full);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stderr };
  };
  for (const args of [['build', '--out', out], ['--version'], ['check', '--reporter', 'json']]) {
    const r = await run(args);
    assert.is(r.code, 4, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^legalsite: could not write to standard output: ENOSPC \(the disk is full\)/, args.join(' '));
    assert.is(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
    assert.not.match(r.stderr, /\n\s+at |Error:/);
  }
  // The build itself was done: the next one finds the output folder up to date.
  assert.ok(existsSync(path.join(out, 'index.html')), 'the site was built');
  assert.match((await runCli(['build'], cwd)).stdout, /is up to date/);
});

test.run();
