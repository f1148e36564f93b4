/** Dependencies fit the Node versions legalsite declares: every package installed for running legalsite
 * (package-lock.json, dev tools excluded) allows every Node version in our `engines.node`, and the AWS
 * SDK is pinned to one release (its caret range would float to releases that drop Node 20). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/sites.js';

const test = suite('dependency engines');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const OURS: string = pkg.engines.node;

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}

/** Every package `npm ci --omit=dev` installs, by its path in node_modules. */
const runtimePackages = () => (Object.entries(lock.packages) as [string, LockEntry][]).filter(([p, e]) => p.startsWith('node_modules/') && !e.dev);

test('the lock file matches package.json', () => {
  assert.equal(lock.packages[''].dependencies, pkg.dependencies);
  assert.equal(lock.packages[''].engines, pkg.engines);
  for (const name of Object.keys(pkg.dependencies)) assert.ok(lock.packages[`node_modules/${name}`], `${name} is locked`);
});

test('every runtime dependency, direct or not, supports every Node version legalsite declares', () => {
  const packages = runtimePackages();
  assert.ok(packages.length > 50, `${packages.length} runtime packages`);
  const misfits: string[] = [];
  for (const [where, entry] of packages) {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (range === undefined) continue;
    if (!semver.validRange(range)) misfits.push(`${where}@${entry.version}: engines.node "${range}" is not a range`);
    else if (!semver.subset(OURS, range)) misfits.push(`${where}@${entry.version} needs node ${range}; legalsite declares ${OURS}`);
  }
  assert.equal(misfits, []);
});

test('the check would catch a release that drops Node 20', () => {
  assert.not.ok(semver.subset(OURS, '>=22'));
  assert.not.ok(semver.subset(OURS, '^20.19.0 || >=22.12.0'), 'Node 21 is in our range');
  assert.ok(semver.subset(OURS, '>=20.0.0'));
});

test('the AWS SDK is pinned to one release, and the installed SDK is that release', () => {
  const wanted = pkg.dependencies['@aws-sdk/client-s3'];
  assert.ok(semver.valid(wanted), `"${wanted}" is an exact version, not a range that floats`);
  assert.is(lock.packages['node_modules/@aws-sdk/client-s3'].version, wanted);
  assert.is(JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@aws-sdk/client-s3/package.json'), 'utf8')).version, wanted);
});

test.run();
