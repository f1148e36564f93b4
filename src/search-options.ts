/**
 * The minisearch options shared by the build (which makes the index) and the browser (which loads
 * it): the same fields and stored fields on both sides. Browser-safe: no Node imports.
 */
export interface SearchDoc {
  id: string;
  type: 'article' | 'term' | 'dataset';
  title: string;
  tags: string;
  summary: string;
  body: string;
  url: string;
  excerpt: string;
}

export const SEARCH_OPTIONS = {
  fields: ['title', 'tags', 'summary', 'body'],
  storeFields: ['type', 'title', 'url', 'excerpt'],
  idField: 'id',
};
