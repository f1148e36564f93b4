/**
 * Faster token making for one markdown-it instance, with the same tokens.
 *
 * markdown-it 15 is compiled with a helper for class fields (`_defineProperty`, through
 * `toPropertyKey` and an `in` check) that every Token and every inline state runs once per field.
 * Shared by all its classes, the helper's property accesses are megamorphic: at 10,000 articles it
 * was a third of the time markdown-it spent parsing (profile in docs/performance-log.md). Here the
 * instance's block and inline states make tokens with a plain constructor that sets the same own
 * fields, in the same order, on the same prototype, so a token cannot tell the difference; the
 * inline state is made the same way. Nothing global changes: other instances keep the library's
 * classes.
 *
 * The three methods replaced are copies of the library's. They are installed only when the
 * library's own methods are, word for word, the ones copied (KNOWN_SOURCES): another markdown-it
 * version keeps its own code, and test/passes/markdown-tokens.test.ts fails so that someone looks.
 * Reads: nothing. Writes: the instance's block and inline state classes.
 */
import type { MarkdownIt, StateBlock, Token } from 'markdown-it';

/** The library's methods as copied below, whitespace collapsed. */
const KNOWN_SOURCES = {
  blockPush:
    'push(type, tag, nesting) { const token = new Token(type, tag, nesting); token.block = true; if (nesting < 0) this.level--; token.level = this.level; if (nesting > 0) this.level++; this.tokens.push(token); return token; }',
  inlinePushPending:
    'pushPending() { const token = new Token("text", "", 0); token.content = this.pending; token.level = this.pendingLevel; this.tokens.push(token); this.pending = ""; return token; }',
  inlinePush:
    'push(type, tag, nesting) { if (this.pending) this.pushPending(); const token = new Token(type, tag, nesting); let token_meta = void 0; if (nesting < 0) { this.level--; this.delimiters = this._prev_delimiters.pop(); } token.level = this.level; if (nesting > 0) { this.level++; this._prev_delimiters.push(this.delimiters); this.delimiters = []; token_meta = { delimiters: this.delimiters }; } this.pendingLevel = this.level; this.tokens.push(token); this.tokens_meta.push(token_meta); return token; }',
};

/** The own fields of a new Token and of a new inline state, in the library's order. */
const TOKEN_FIELDS = ['map', 'level', 'children', 'content', 'markup', 'info', 'block', 'hidden', 'type', 'tag', 'attrs', 'nesting', 'meta'];
const INLINE_STATE_FIELDS = ['pos', 'level', 'pending', 'pendingLevel', 'cache', 'backticks', 'backticksScanned', 'skipHtmlSpecial', 'linkLevel', 'delimiters', '_prev_delimiters', 'Token', 'src', 'env', 'md', 'tokens', 'tokens_meta', 'posMax'];

const collapse = (fn: unknown) => String(fn).replace(/\s+/g, ' ').trim();

/** Whether `md`'s library is the one the copies were made from. */
export function fastTokensApply(md: MarkdownIt): boolean {
  const block = md.block.State.prototype as unknown as Record<string, unknown>;
  const inline = md.inline.State.prototype as unknown as Record<string, unknown>;
  if (collapse(block.push) !== KNOWN_SOURCES.blockPush) return false;
  if (collapse(inline.pushPending) !== KNOWN_SOURCES.inlinePushPending) return false;
  if (collapse(inline.push) !== KNOWN_SOURCES.inlinePush) return false;
  const state = new md.inline.State('', md, {}, []) as unknown as Record<string, unknown>;
  if (Object.keys(state).join() !== INLINE_STATE_FIELDS.join()) return false;
  const TokenClass = state.Token as new (type: string, tag: string, nesting: number) => Token;
  return Object.keys(new TokenClass('t', '', 0)).join() === TOKEN_FIELDS.join();
}

/** Makes a token as the library's Token constructor does. */
type NewToken = (type: string, tag: string, nesting: number) => Token;

/** Installs the fast token making on `md` when its library is the known one; says whether it did. */
export function useFastTokens(md: MarkdownIt): boolean {
  if (!fastTokensApply(md)) return false;
  const LibraryInline = md.inline.State;
  const TokenClass = (new LibraryInline('', md, {}, []) as unknown as { Token: { prototype: object } }).Token;
  const newToken = fastTokenMaker(TokenClass);
  md.block.State = fastBlockState(md.block.State, newToken);
  md.inline.State = fastInlineState(LibraryInline, TokenClass, newToken);
  return true;
}

/** A plain constructor setting the library Token's own fields, in its order, on its prototype. */
function fastTokenMaker(TokenClass: { prototype: object }): NewToken {
  function FastToken(this: Record<string, unknown>, type: string, tag: string, nesting: number) {
    this.map = null;
    this.level = 0;
    this.children = null;
    this.content = '';
    this.markup = '';
    this.info = '';
    this.block = false;
    this.hidden = false;
    this.type = type;
    this.tag = tag;
    this.attrs = null;
    this.nesting = nesting;
    this.meta = null;
  }
  FastToken.prototype = TokenClass.prototype;
  return (type, tag, nesting) => new (FastToken as unknown as new (a: string, b: string, c: number) => Token)(type, tag, nesting);
}

/** The block state's constructor does real work (it splits the source into lines) and runs once per
 * parse: it is kept, and only push is replaced. */
function fastBlockState(LibraryBlock: typeof StateBlock, newToken: NewToken): typeof StateBlock {
  return class FastBlockState extends LibraryBlock {
    override push(type: string, tag: string, nesting: number): Token {
      const token = newToken(type, tag, nesting);
      token.block = true;
      if (nesting < 0) this.level--;
      token.level = this.level;
      if (nesting > 0) this.level++;
      this.tokens.push(token);
      return token;
    }
  };
}

/** The inline state is made once per paragraph, heading or cell: its constructor is copied too. */
function fastInlineState<T>(LibraryInline: T & { prototype: object }, TokenClass: { prototype: object }, newToken: NewToken): T {
  function FastInlineState(this: Record<string, unknown>, src: string, mdi: MarkdownIt, env: unknown, outTokens: Token[]) {
    this.pos = 0;
    this.level = 0;
    this.pending = '';
    this.pendingLevel = 0;
    this.cache = {};
    this.backticks = {};
    this.backticksScanned = false;
    this.skipHtmlSpecial = false;
    this.linkLevel = 0;
    this.delimiters = [];
    this._prev_delimiters = [];
    this.Token = TokenClass;
    this.src = src;
    this.env = env;
    this.md = mdi;
    this.tokens = outTokens;
    this.tokens_meta = Array(outTokens.length);
    this.posMax = src.length;
  }
  FastInlineState.prototype = Object.create(LibraryInline.prototype, {
    pushPending: { value: fastPushPending(newToken), writable: true, configurable: true },
    push: { value: fastInlinePush(newToken), writable: true, configurable: true },
  });
  FastInlineState.prototype.constructor = FastInlineState;
  return FastInlineState as unknown as T;
}

function fastPushPending(newToken: NewToken) {
  return function pushPending(this: any) {
    const token = newToken('text', '', 0);
    token.content = this.pending;
    token.level = this.pendingLevel;
    this.tokens.push(token);
    this.pending = '';
    return token;
  };
}

function fastInlinePush(newToken: NewToken) {
  return function push(this: any, type: string, tag: string, nesting: number) {
    if (this.pending) this.pushPending();
    const token = newToken(type, tag, nesting);
    let tokenMeta: { delimiters: unknown[] } | undefined;
    if (nesting < 0) {
      this.level--;
      this.delimiters = this._prev_delimiters.pop();
    }
    token.level = this.level;
    if (nesting > 0) {
      this.level++;
      this._prev_delimiters.push(this.delimiters);
      this.delimiters = [];
      tokenMeta = { delimiters: this.delimiters };
    }
    this.pendingLevel = this.level;
    this.tokens.push(token);
    this.tokens_meta.push(tokenMeta);
    return token;
  };
}
