/**
 * Hugo's copy of a generated corpus, for `npm run bench -- --peer hugo`: the same articles and terms,
 * in the layout Hugo reads. Articles are copied as they are (their YAML front matter is Hugo's too;
 * bench/hugo/hugo.toml maps datePublished and dateModified to Hugo's dates); each glossary term's
 * YAML becomes a page of the `glossary` section with its definition as the body; the about page is
 * copied. Hugo then builds it through the theme in bench/hugo/.
 * Reads: the legalsite content folder. Writes: the Hugo site folder (its content/ only).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { q } from './corpus/yaml.js';

/** The folder holding Hugo's configuration and theme (given to hugo as --config and --themesDir). */
export const HUGO_CONFIG_DIR = path.join(import.meta.dirname, 'hugo');

interface TermFields {
  title: string;
  definition: string;
  jurisdiction?: string;
  tags?: string[];
  seeAlso?: string[];
  lastModified?: string;
}

/** A glossary term's YAML file as a Hugo page: front matter (title, tags, jurisdiction, lastmod,
 * seeAlso) and the definition as its Markdown body. */
export function termPage(termYaml: string): string {
  const term = yaml.load(termYaml) as TermFields;
  const front = [
    '---',
    `title: ${q(term.title)}`,
    `definition: ${q(term.definition)}`,
    ...(term.jurisdiction ? [`jurisdiction: ${q(term.jurisdiction)}`] : []),
    ...(term.tags?.length ? [`tags: [${term.tags.map(q).join(', ')}]`] : []),
    ...(term.seeAlso?.length ? [`seeAlso: [${term.seeAlso.map(q).join(', ')}]`] : []),
    ...(term.lastModified ? [`lastModified: ${q(term.lastModified)}`] : []),
    '---',
  ];
  return `${front.join('\n')}\n${term.definition}\n`;
}

/** Where Hugo's copy of an article lives, so the benchmark can make the same edit to both. */
export const hugoArticlePath = (siteDir: string, slug: string) => path.join(siteDir, 'content', 'articles', `${slug}.md`);

/** Writes Hugo's content/ for the legalsite content folder `contentDir` into `siteDir`. */
export function writeHugoSite(contentDir: string, siteDir: string): { pages: number } {
  const out = (...parts: string[]) => path.join(siteDir, 'content', ...parts);
  for (const section of ['articles', 'glossary']) mkdirSync(out(section), { recursive: true });
  let pages = 0;
  for (const file of readdirSync(path.join(contentDir, 'articles')).filter((f) => f.endsWith('.md'))) {
    copyFileSync(path.join(contentDir, 'articles', file), out('articles', file));
    pages++;
  }
  for (const file of readdirSync(path.join(contentDir, 'glossary')).filter((f) => /\.ya?ml$/.test(f))) {
    writeFileSync(out('glossary', file.replace(/\.ya?ml$/, '.md')), termPage(readFileSync(path.join(contentDir, 'glossary', file), 'utf8')));
    pages++;
  }
  copyFileSync(path.join(contentDir, 'pages', 'about.md'), out('about.md'));
  writeFileSync(out('articles', '_index.md'), '---\ntitle: "Articles"\n---\n');
  writeFileSync(out('glossary', '_index.md'), '---\ntitle: "Glossary"\n---\n');
  return { pages: pages + 1 };
}
