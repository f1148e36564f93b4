/**
 * Step: start the browser assets. esbuild bundles the islands in a process of its own, and the
 * stylesheet is minified, while the articles load; later steps wait for them when they need them.
 * Both are usually taken as the last run kept them (bundle/kept-assets.ts), with no esbuild at all.
 * serve reuses its bundle while the browser code is unchanged.
 * Reads: templates/islands, templates/client, templates/styles. Writes: nothing.
 */
import type { BuildCache } from '../engine/build-cache.js';
import { bundleClient, bundleSourcesKey, type ClientBundle } from '../bundle/client-bundle.js';
import { readAssets } from '../bundle/read-assets.js';

export interface ClientAssets {
  bundling: Promise<ClientBundle>;
  styling: ReturnType<typeof readAssets>;
}

export function startClientAssets(cache: BuildCache | undefined): ClientAssets {
  const bundling = cachedBundle(cache);
  bundling.catch(() => {});
  const styling = readAssets();
  styling.catch(() => {});
  return { bundling, styling };
}

async function cachedBundle(cache: BuildCache | undefined): Promise<ClientBundle> {
  if (!cache) return bundleClient();
  const key = bundleSourcesKey();
  if (cache.bundle?.key !== key) cache.bundle = { key, value: await bundleClient() };
  return cache.bundle.value;
}
