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
import { isIndexed, MAX_WORD, normalizeWord, scanTokens } from '../../search/tokens.js';
import type { ArticleFields } from '../article-fields.js';


const ASCII = /^[\x00-\x7f]*$/;
const TAGS = /<[^>]*>/g;

/**
 * Counts the words of a document's fields: per word, the best field it is in and its occurrences,
 * in order of first use. ASCII text (nearly all of it) is scanned by char codes into a hash table of
 * its own, which makes a string only for each new word: at 10,000 articles of 1,500 words, slicing
 * and hashing every occurrence as a string was four times slower. Other text goes through
 * scanTokens and normalizeWord, which find the same words in ASCII text.
 */
class WordCounter {
  private words: string[] = [];
  private fields: number[] = [];
  private counts: number[] = [];
  private hashes: number[] = [];
  /** Open addressing: entry index + 1 per slot, 0 when free. */
  private slots = new Int32Array(1024);

  add(text: string | undefined, field: number): void {
    if (!text) return;
    if (ASCII.test(text)) this.addAscii(text.toLowerCase(), field);
    else scanTokens(text, (start, end) => this.addWord(normalizeWord(text.slice(start, end)), field));
  }

  private addAscii(lower: string, field: number): void {
    const n = lower.length;
    let i = 0;
    while (i < n) {
      let c = lower.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
        i++;
        continue;
      }
      const start = i;
      let h = 0;
      do {
        if (i - start < MAX_WORD) h = (Math.imul(h, 31) + c) | 0;
        c = ++i < n ? lower.charCodeAt(i) : 0;
      } while ((c >= 97 && c <= 122) || (c >= 48 && c <= 57));
      const end = Math.min(i, start + MAX_WORD);
      // Single letters are not indexed (isIndexed); single digits are.
      if (end - start === 1 && lower.charCodeAt(start) >= 97) continue;
      this.countAt(lower, start, end, h, field);
    }
  }

  /** Counts the word lower[start, end), whose hash is h. */
  private countAt(lower: string, start: number, end: number, h: number, field: number): void {
    const mask = this.slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = this.slots[slot] - 1;
      if (e < 0) {
        this.insert(lower.slice(start, end), h, field, slot);
        return;
      }
      if (this.hashes[e] !== h) continue;
      const word = this.words[e];
      if (word.length !== end - start) continue;
      let same = true;
      for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) !== lower.charCodeAt(start + k)) (same = false), (k = word.length);
      if (!same) continue;
      this.counts[e]++;
      if (field > this.fields[e]) this.fields[e] = field;
      return;
    }
  }

  private addWord(word: string, field: number): void {
    if (!isIndexed(word)) return;
    let h = 0;
    for (let k = 0; k < word.length; k++) h = (Math.imul(h, 31) + word.charCodeAt(k)) | 0;
    this.countAt(word, 0, word.length, h, field);
  }

  private insert(word: string, h: number, field: number, slot: number): void {
    this.slots[slot] = this.words.push(word);
    this.hashes.push(h);
    this.fields.push(field);
    this.counts.push(1);
    // Kept at most half full; growing re-places every entry.
    if (this.words.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      const mask = this.slots.length - 1;
      this.hashes.forEach((hash, e) => {
        let s = hash & mask;
        while (this.slots[s] !== 0) s = (s + 1) & mask;
        this.slots[s] = e + 1;
      });
    }
  }

  postings(): DocPostings {
    let weights = '';
    for (let e = 0; e < this.words.length; e++) weights += String.fromCharCode(weightOf(this.fields[e], this.counts[e]));
    return { words: this.words.join(' '), weights };
  }
}

const tagWords = (tags: string[], config: Pick<SiteConfig, 'tagNames'>) => tags.map((t) => `${t} ${config.tagNames?.[t] ?? ''}`).join(' ');

/** An article's postings: title; tags and jurisdiction; summary, description, answer and key
 * takeaways (its lead); body, FAQ, references and editorial note. */
export function articlePostings(article: ArticleMeta, bodyText: string, fields: ArticleFields, config: Pick<SiteConfig, 'tagNames'>): DocPostings {
  const words = new WordCounter();
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
  words.add(bodyText, FIELD.body);
  for (const f of fields.faq) (words.add(f.q, FIELD.body), words.add(f.aText, FIELD.body));
  for (const r of article.references) words.add(`${r.title} ${r.source ?? ''} ${r.pinpoint ?? ''}`, FIELD.body);
  if (fields.editorialNoteHtml) words.add(fields.editorialNoteHtml.replace(TAGS, ' '), FIELD.body);
  return words.postings();
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
