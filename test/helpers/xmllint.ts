/** Sitemap validation with libxml2's xmllint against the sitemaps.org schemas vendored in
 * test/fixtures/xsd (tests have no network). Throws with xmllint's words when a file is invalid. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, tempDir } from './sites.js';

export const SITEMAP_XSD = path.join(ROOT, 'test/fixtures/xsd/sitemap.xsd');
export const SITEINDEX_XSD = path.join(ROOT, 'test/fixtures/xsd/siteindex.xsd');

/** Validates the file at `file` against `xsd`. */
export function validateXml(file: string, xsd: string): void {
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' });
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install -y libxml2-utils (.ci/run does this)');
    throw new Error(`${file} does not validate against ${path.basename(xsd)}:\n${e.stderr}`);
  }
}

/** Validates a sitemap or sitemap index given as text, by its root element. */
export function validateSitemapText(xml: string): void {
  const file = path.join(tempDir(), 'sitemap.xml');
  writeFileSync(file, xml);
  validateXml(file, /<sitemapindex[\s>/]/.test(xml) ? SITEINDEX_XSD : SITEMAP_XSD);
}
