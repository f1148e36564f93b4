/**
 * Browser tests: playwright-core driving Debian's Chromium (never a downloaded browser) against
 * `legalsite serve` on 127.0.0.1. Fails with an install hint when Chromium is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { BIN, copyFixture, SHIPPED_CONTENT, tempDir } from './sites.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's Chromium with: apt-get install -y chromium (or set CHROMIUM_PATH). .ci/run installs it.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface ServedSite {
  base: string;
  dir: string;
  stop: () => void;
}

/** Serves a fixture site (built by `legalsite serve`) and returns its base URL and a stop function. */
export async function serveFixture(name: string, prepare?: (dir: string) => void): Promise<ServedSite> {
  const dir = copyFixture(name);
  prepare?.(dir);
  return serveIn(dir, []);
}

/** Serves the shipped content (the repository's content/) into a temporary output folder. */
export function serveShipped(): Promise<ServedSite> {
  const dir = tempDir();
  return serveIn(dir, ['--content', SHIPPED_CONTENT, '--out', path.join(dir, 'dist')]);
}

async function serveIn(dir: string, args: string[]): Promise<ServedSite> {
  const child = execa('node', [BIN, 'serve', '--port', '0', ...args], { cwd: dir, env: { NO_COLOR: '1' }, reject: false });
  const base = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${seen}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      seen += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
    child.stderr!.on('data', (c: Buffer) => (seen += c.toString()));
  });
  return { base, dir, stop: () => child.kill() };
}

/** Collects console errors and uncaught exceptions of a page, so tests can assert there are none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
