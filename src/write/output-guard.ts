/**
 * The output folder guard: a build replaces its output folder's contents, so before anything is
 * written, renamed or deleted the folder must be one a build may own. Refused, whatever --force
 * says: an empty name (an unset variable in `--out "$OUT"`), the file system's root, the home folder
 * or a folder holding it, the current folder or any of its parents, the content folder, a folder
 * inside it or holding it, the build cache's folder, inside it or holding it, a folder with a
 * package.json or .git in it (a project) or with a project directly in it (projectMark), one with
 * a file system mounted anywhere inside it (mount-points.ts), and a file. Refused unless --force: an existing folder with files that no legalsite build made (no
 * OUTPUT_MARKER), and never, empty or not, marker or not, a shared one, with its sticky bit set
 * (/tmp, /var/tmp, /dev/shm). And --force never replaces a folder directly under the file system's
 * root (/usr, /etc), one in the first two levels of the system's own folders (/usr/local/share,
 * /etc/ssl; /usr/share/nginx/html is deeper), one directly in /var, /opt or /home (/var/lib,
 * /home/alice), a hidden one (~/.ssh) or one inside a hidden one (~/.ssh/backup), or one with a
 * project anywhere inside.
 * Paths are compared as written and with links resolved, so a link cannot walk around a rule.
 * Reads: the file system (stats and folder listings). Writes: nothing.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { pathInside } from '../inside-folder.js';
import { mountPointsInside } from './mount-points.js';

/** Every build writes this file into its output folder: the proof that legalsite made the folder. */
export const OUTPUT_MARKER = '.legalsite-output.json';

/** The marker's text: the same for every build, so output stays byte-identical. */
export const OUTPUT_MARKER_TEXT = `${JSON.stringify({ generator: 'legalsite', note: 'This folder is made by legalsite build, which replaces everything in it on every build. Do not keep other files here.' }, null, 2)}\n`;

export interface GuardOptions {
  /** The --out value as the user gave it. */
  outDir: string;
  contentDir: string;
  cwd: string;
  /** --force: replace an existing folder that legalsite did not make. */
  force?: boolean;
  home?: string;
  /** The folder the build cache lives in (node_modules/.cache/legalsite or .legalsite-cache). */
  cacheDir?: string;
}

/** What makes a folder a project, which no build replaces. */
const PROJECT_FILES = ['package.json', '.git'];

/** The output folder at `abs`: a link to a folder is the folder it points at, which is the one a
 * build replaces (and beside which it stages, swaps and locks); the link stays (replacing it would
 * empty what it points at and break it). Commands that read a build (check --dist, publish) look
 * there too. */
export function outputFolderAt(abs: string): string {
  try {
    if (!lstatSync(abs).isSymbolicLink()) return abs;
  } catch {
    return abs;
  }
  try {
    return realpathSync.native(abs);
  } catch {
    // A link to a folder that is not there (a build killed while swapping it aside): the path it names.
    return path.resolve(path.dirname(abs), readlinkSync(abs));
  }
}

/** Throws a UsageError (exit 2) with a one-line reason when `outDir` must not be used. */
export function guardOutputFolder(opts: GuardOptions): void {
  const reason = refusal(opts);
  if (reason) throw new UsageError(reason);
}

function refusal({ outDir, contentDir, cwd, force, home = os.homedir(), cacheDir }: GuardOptions): string | undefined {
  if (outDir.trim() === '') return 'the output folder is empty (--out ""): an unset variable? Name a folder for the site, e.g. --out dist.';
  const shown = JSON.stringify(outDir);
  const refuse = (what: string) => `refusing to use ${shown} as the output folder: it is ${what}, and a build replaces everything in its output folder. Choose a new or empty folder, e.g. --out dist.`;
  const out = bothForms(path.resolve(cwd, outDir));
  const content = bothForms(path.resolve(cwd, contentDir));
  const here = bothForms(path.resolve(cwd));
  const homes = home ? bothForms(path.resolve(home)) : [];
  if (out.some((o) => path.parse(o).root === o)) return refuse("the file system's root");
  if (out.some((o) => homes.some((h) => o === h))) return refuse('your home folder');
  if (out.some((o) => homes.some((h) => inside(h, o)))) return refuse('a folder holding your home folder');
  if (out.some((o) => here.some((h) => o === h))) return refuse('the current folder');
  if (out.some((o) => here.some((h) => inside(h, o)))) return refuse('a folder holding the current folder');
  if (out.some((o) => content.some((c) => o === c))) return refuse(`the content folder`);
  if (out.some((o) => content.some((c) => inside(o, c)))) return refuse(`inside the content folder ${JSON.stringify(contentDir)}`);
  if (out.some((o) => content.some((c) => inside(c, o)))) return refuse(`a folder holding the content folder ${JSON.stringify(contentDir)}`);
  const caches = cacheDir ? bothForms(path.resolve(cwd, cacheDir)) : [];
  if (out.some((o) => caches.some((c) => o === c || inside(o, c) || inside(c, o)))) return refuse('the build cache\'s folder, inside it or holding it');
  const abs = out[0];
  const dangling = danglingLink(abs);
  const leadsTo = dangling && readlinkSync(dangling);
  if (dangling && !setAside(path.resolve(path.dirname(dangling), leadsTo!))) return `refusing to use ${shown} as the output folder: ${dangling} is a link to ${JSON.stringify(leadsTo)}, which does not exist. Create the folder it leads to, or choose another, e.g. --out dist.`;
  const parent = nearestExisting(path.dirname(abs));
  if (!statSync(parent).isDirectory()) return `refusing to use ${shown} as the output folder: ${parent} is a file, not a folder. Choose a folder, e.g. --out dist.`;
  if (!existsSync(abs)) return undefined;
  if (!statSync(abs).isDirectory()) return `refusing to use ${shown} as the output folder: it is a file, not a folder. Choose a folder, e.g. --out dist.`;
  // bothForms resolved the links of the existing folder: its last form is the real path.
  const real = out[out.length - 1];
  const [mounted] = mountPointsInside(real);
  if (mounted) return `refusing to use ${shown} as the output folder: ${path.relative(real, mounted)}/ in it is a mount point (another file system), whose files a build would delete with the old output. Unmount it or move it out of ${shown}, or choose another folder.`;
  for (const project of PROJECT_FILES) {
    if (existsSync(path.join(abs, project))) return refuse(`a project folder (it holds ${project})`);
  }
  const entries = readdirSync(abs, { withFileTypes: true });
  // A marker copied from a build's folder into another proves nothing of what else is there: a
  // project kept inside is refused whatever the folder holds.
  for (const e of entries) {
    const project = e.isDirectory() && projectMark(path.join(abs, e.name));
    if (project) return `refusing to use ${shown} as the output folder: ${e.name}/ in it is a project (it holds ${project}), which a build would delete. Move it out of ${shown}, or choose another folder.`;
  }
  // /tmp, /var/tmp, /dev/shm: a folder anyone may write in (and drop a marker into), whose files are
  // other users' and programs'. Empty or not, --force or not: a build would rename it away.
  if ((statSync(real).mode & 0o1000) !== 0) return refuse("a shared folder (its sticky bit is set, as /tmp's is), where other users and programs keep files");
  if (existsSync(path.join(abs, OUTPUT_MARKER)) || entries.length === 0) return undefined;
  if (!force) return `refusing to replace ${shown}: it holds files that legalsite did not make (it has no ${OUTPUT_MARKER}). Choose a new or empty folder, or run again with --force to replace everything in it.`;
  const never = (what: string) => `refusing to replace ${shown}, even with --force: it is ${what}. Choose a new or empty folder, e.g. --out dist.`;
  if (out.some((o) => path.dirname(o) === path.parse(o).root)) return never("a folder directly under the file system's root");
  const system = out.map(systemFolder).find(Boolean);
  if (system) return never(system);
  if (out.some((o) => path.basename(o).startsWith('.'))) return never('a hidden folder (its name starts with a dot)');
  // ~/.ssh/backup or ~/.config/app: hidden folders hold keys and settings, whatever their sub-folders are called.
  const hidden = out.map((o) => path.dirname(o).split(path.sep).find((segment) => segment.startsWith('.'))).find(Boolean);
  if (hidden) return never(`inside a hidden folder (${hidden})`);
  const project = projectInside(abs);
  if (project) return never(`a folder holding a project (${project})`);
  return undefined;
}

/** The operating system's own folders: the first two levels inside them hold programs, libraries,
 * documentation and settings (/usr/local/share, /etc/ssl). A site may live deeper, where images and
 * packages put web roots and apps (/usr/share/nginx/html, /usr/src/app/dist). */
const SYSTEM_TREES = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/boot', '/dev', '/proc', '/sys', '/run', '/snap'];
/** Folders whose own sub-folders belong to the system or to other users (/var/lib, /opt/app,
 * /home/alice); a site may live deeper (/var/www/html). */
const SYSTEM_PARENTS = ['/var', '/opt', '/home'];

/** Why --force must not replace `abs` (an absolute path, POSIX), one of the system's folders, or undefined. */
function systemFolder(abs: string): string | undefined {
  if (path.sep !== '/') return undefined;
  const tree = SYSTEM_TREES.find((t) => abs.startsWith(`${t}/`) && abs.slice(t.length + 1).split('/').length <= 2);
  if (tree) return `a folder of the system's own, near the top of ${tree}`;
  const parent = SYSTEM_PARENTS.find((p) => path.dirname(abs) === p);
  return parent ? `a folder directly in ${parent}, which belongs to the system or to another user` : undefined;
}

/**
 * What makes `dir` a project: a `.git`, or a `package.json` with `node_modules` beside it. A
 * `package.json` alone is not enough below the top of an output folder: a build writes one for an
 * article whose slug is `package` (`articles/package.json`), and never a `.git` or `node_modules`.
 */
function projectMark(dir: string): string | undefined {
  if (existsSync(path.join(dir, '.git'))) return '.git';
  if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'node_modules'))) return 'package.json and node_modules';
  return undefined;
}

/** The first folder anywhere under `dir` that is a project (projectMark), as `sub/folder/ (it holds
 * …)`, relative to `dir`; links are not followed. A folder that cannot be listed is reported too:
 * what it holds cannot be told. */
function projectInside(dir: string): string | undefined {
  const walk = (rel: string): string | undefined => {
    const abs = path.join(dir, rel);
    const mark = rel ? projectMark(abs) : undefined;
    if (mark) return `${rel}/ holds ${mark}`;
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return `${rel || '.'}/ cannot be read, so what it holds cannot be told`;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const found = walk(rel ? `${rel}/${e.name}` : e.name);
      if (found) return found;
    }
    return undefined;
  };
  return walk('');
}

/** The path as given and, where it (or the nearest folder above it) exists, with links resolved. */
function bothForms(abs: string): string[] {
  let existing = abs;
  const rest: string[] = [];
  while (!existsSync(existing) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  try {
    const real = path.join(realpathSync.native(existing), ...rest);
    return real === abs ? [abs] : [abs, real];
  } catch {
    return [abs];
  }
}

/** A killed build's swap left the folder `abs` set aside beside it (`abs.legalsite-old-*`): the
 * recovery gives it back its name. */
function setAside(abs: string): boolean {
  try {
    return readdirSync(path.dirname(abs)).some((name) => name.startsWith(`${path.basename(abs)}.legalsite-old-`));
  } catch {
    return false;
  }
}

/** The first link on the way to `abs` (or `abs` itself) that leads nowhere: creating the folder
 * through it would fail. */
function danglingLink(abs: string): string | undefined {
  for (let at = abs; path.dirname(at) !== at; at = path.dirname(at)) {
    if (existsSync(at)) return undefined;
    try {
      if (lstatSync(at).isSymbolicLink()) return at;
    } catch {
      // Not there at all: a folder the build will make.
    }
  }
  return undefined;
}

function nearestExisting(abs: string): string {
  let at = abs;
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/** `child` is strictly inside `parent`. */
function inside(child: string, parent: string): boolean {
  return pathInside(parent, child) !== undefined;
}
