/** References to what a site does not have (validate/semantics.ts): a slug an article or term had
 * before it was renamed is named as such, with the slug to write; a date in the future is a typo. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SiteSource } from '../../src/model.js';
import { checkSemantics } from '../../src/validate/semantics.js';
import { makeArticle, makeConfig, makeTerm } from '../helpers/make-site.js';

const test = suite('semantics: references and dates');

function check(site: Partial<SiteSource>) {
  const full: SiteSource = { contentDir: 'content', config: makeConfig(), configFile: 'content/site.yaml', articles: [], terms: [], datasets: [], pages: [], templates: [], ...site };
  return checkSemantics(full, new Map());
}

test('a reference by a former slug says where the page went', () => {
  const problems = check({
    articles: [makeArticle({ slug: 'holds', seeAlso: ['articles/old-essentials', 'glossary/hearsay'] }), makeArticle({ slug: 'essentials', formerSlugs: ['old-essentials'] })],
    terms: [makeTerm({ slug: 'hearsay-rule', formerSlugs: ['hearsay'] }), makeTerm({ slug: 'waiver', seeAlso: ['hearsay'] })],
    config: makeConfig({ home: { latestArticles: ['old-essentials'], sampleTerms: ['hearsay'] } }),
  });
  assert.equal(problems.map((d) => [d.field, d.hint]), [
    ['seeAlso[0]', 'It was renamed: articles/essentials lists old-essentials under formerSlugs. Write articles/essentials.'],
    ['seeAlso[1]', 'It was renamed: glossary/hearsay-rule lists hearsay under formerSlugs. Write glossary/hearsay-rule.'],
    ['seeAlso[0]', 'It was renamed: hearsay-rule lists hearsay under formerSlugs. Write hearsay-rule.'],
    ['home.latestArticles[0]', 'It was renamed: essentials lists old-essentials under formerSlugs. Write essentials.'],
    ['home.sampleTerms[0]', 'It was renamed: hearsay-rule lists hearsay under formerSlugs. Write hearsay-rule.'],
  ]);
});

test('a date after tomorrow is in the future; tomorrow is not (time zones ahead of UTC)', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const problems = check({ articles: [makeArticle({ slug: 'a', datePublished: day(1), dateModified: day(1) }), makeArticle({ slug: 'b', datePublished: day(-3), dateModified: day(3) })] });
  assert.equal(problems.map((d) => [d.file, d.field, d.rule]), [['content/articles/b.md', 'dateModified', 'invalid-date']]);
  assert.match(problems[0].message, new RegExp(`^${day(3)} is in the future \\(today is ${day(0)}\\)$`));
});

test.run();
