/**
 * One document's postings for the site search: every indexed word (search/tokens.ts) with a weight,
 * the best field it is in and how often it occurs (search/format.ts weightOf). Made where the
 * document is: an article's on the shard that renders its body, a term's or dataset's on the main
 * thread. Kept as two strings, "word word …" and one character per weight, cheap to keep in the
 * build cache and to send between threads.
 * Reads: an article's fields and body text, a term, a dataset. Writes: DocPostings.
 * Needs: article-html (the body's text), article-fields.
 */
import type { ArticleMeta, Dataset, SiteConfig, Term } from '../../model.js';
import { type DocPostings, FIELD, weightOf } from '../../search/format.js';
import { hasOnlyAsciiWords, initialisms, isIndexed, joinsInitials, MAX_WORD, normalizeWord, scanTokens } from '../../search/tokens.js';
import { WordTable } from './word-table.js';
import type { ArticleFields } from '../article-fields.js';


const TAGS = /<[^>]*>/g;

/**
 * Counts the words of a document's fields: per word, the best field it is in and its occurrences,
 * in order of first use. Text whose words are all ASCII (nearly all of it: dashes, curly quotes and
 * section signs only separate words) is scanned by char codes, each word numbered where it stands
 * (WordTable); other text goes through scanTokens and normalizeWord, which find the same words.
 */
class WordCounter {
  private table = new WordTable();
  private fields: number[] = [];
  private counts: number[] = [];
  /** A word was cut to MAX_WORD characters. */
  cut = false;
  /** Initialisms found (search/tokens.ts initialisms) and their fields, counted last (postings) so
   * that the words counted before them stay the words of the text, in order (wordsOfThreeOrMore). */
  private initials: [word: string, field: number][] = [];

  add(text: string | undefined, field: number): void {
    if (!text) return;
    if (hasOnlyAsciiWords(text)) this.addAscii(text.toLowerCase(), field);
    else {
      scanTokens(text, (start, end) => {
        const word = normalizeWord(text.slice(start, end));
        if (isIndexed(word)) this.count(this.table.idOf(word, 0, word.length), field);
      });
      for (const word of initialisms(text)) this.initials.push([word, field]);
    }
  }

  private addAscii(lower: string, field: number): void {
    const n = lower.length;
    let i = 0;
    // The single letters of an initialism read so far, and where the last of them ends.
    let run = '';
    let runEnd = -2;
    const endRun = () => {
      if (run.length >= 2) this.initials.push([run.slice(0, MAX_WORD), field]);
      run = '';
    };
    while (i < n) {
      let c = lower.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
        i++;
        continue;
      }
      const start = i;
      // The word's hash (word-table.ts hashOf) as it is read, over its first MAX_WORD characters.
      let h = 0;
      do {
        if (i - start < MAX_WORD) h = (Math.imul(h, 31) + c) | 0;
        c = ++i < n ? lower.charCodeAt(i) : 0;
      } while ((c >= 97 && c <= 122) || (c >= 48 && c <= 57));
      // Single letters are not indexed (isIndexed), but may make an initialism; single digits are.
      if (i - start === 1 && lower.charCodeAt(start) >= 97) {
        if (!(start === runEnd + 1 && joinsInitials(lower.charCodeAt(runEnd)))) endRun();
        run += lower[start];
        runEnd = i;
        continue;
      }
      endRun();
      if (i - start > MAX_WORD) this.cut = true;
      this.count(this.table.idOf(lower, start, Math.min(i, start + MAX_WORD), h), field);
    }
    endRun();
  }

  private count(id: number, field: number): void {
    if (id === this.counts.length) (this.counts.push(1), this.fields.push(field));
    else (this.counts[id]++, field > this.fields[id] && (this.fields[id] = field));
  }

  /** The words counted so far. */
  get size(): number {
    return this.counts.length;
  }

  /** The first `n` words counted, of at least three characters, joined by spaces. */
  wordsOfThreeOrMore(n: number): string {
    return this.table.words.slice(0, n).filter((w) => w.length >= 3).join(' ');
  }

  postings(): DocPostings {
    for (const [word, field] of this.initials) this.count(this.table.idOf(word, 0, word.length), field);
    this.initials = [];
    let weights = '';
    for (let id = 0; id < this.counts.length; id++) weights += String.fromCharCode(weightOf(this.fields[id], this.counts[id]));
    return { words: this.table.words.join(' '), weights };
  }
}

const tagWords = (tags: string[], config: Pick<SiteConfig, 'tagNames'>) => tags.map((t) => `${t} ${config.tagNames?.[t] ?? ''}`).join(' ');

/**
 * An article's postings: title; tags and jurisdiction; summary, description, answer and key
 * takeaways (its lead); body, FAQ, references and editorial note. Its body is counted first, so that
 * its words of three letters or more, in order of first use, are the word set similarity.ts textWords
 * makes of it, which `bodyWords` gives when it can (a body whose words are ASCII, none overlong): that saves
 * reading each body twice.
 */
export function articlePostings(article: ArticleMeta, bodyText: string, fields: ArticleFields, config: Pick<SiteConfig, 'tagNames'>): { postings: DocPostings; bodyWords?: string } {
  const words = new WordCounter();
  words.add(bodyText, FIELD.body);
  const bodyWords = hasOnlyAsciiWords(bodyText) && !words.cut ? words.wordsOfThreeOrMore(words.size) : undefined;
  words.add(article.title, FIELD.title);
  words.add(`${tagWords(article.tags, config)} ${article.jurisdiction}`, FIELD.tag);
  words.add(article.summary, FIELD.lead);
  words.add(article.description, FIELD.lead);
  if (fields.answer) {
    words.add(fields.answer.title, FIELD.lead);
    for (const p of fields.answer.points) words.add(p, FIELD.lead);
    words.add(fields.answer.citation, FIELD.lead);
  }
  for (const html of fields.takeawaysHtml) words.add(html.replace(TAGS, ' '), FIELD.lead);
  for (const f of fields.faq) (words.add(f.q, FIELD.body), words.add(f.aText, FIELD.body));
  for (const r of article.references) words.add(`${r.title} ${r.source ?? ''} ${r.pinpoint ?? ''}`, FIELD.body);
  if (fields.editorialNoteHtml) words.add(fields.editorialNoteHtml.replace(TAGS, ' '), FIELD.body);
  return { postings: words.postings(), bodyWords };
}

/** A term's postings: title; other names; tags and jurisdiction; definition; data fields. */
export function termPostings(term: Term, config: Pick<SiteConfig, 'tagNames'>): DocPostings {
  const words = new WordCounter();
  words.add(term.title, FIELD.title);
  words.add(term.alsoCalled.join(' '), FIELD.alias);
  words.add(`${tagWords(term.tags, config)} ${term.jurisdiction}`, FIELD.tag);
  words.add(term.definition, FIELD.lead);
  words.add(term.dataFields.join(' '), FIELD.body);
  return words.postings();
}

/** A dataset's postings: title; keywords; description; its fields' names and descriptions. */
export function datasetPostings(dataset: Dataset): DocPostings {
  const words = new WordCounter();
  words.add(dataset.title, FIELD.title);
  words.add(dataset.keywords.join(' '), FIELD.tag);
  words.add(dataset.description, FIELD.lead);
  for (const f of dataset.fields) words.add(`${f.name} ${f.description}`, FIELD.body);
  return words.postings();
}
