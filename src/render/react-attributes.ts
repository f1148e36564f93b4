/**
 * HTML attributes and text as React's renderToStaticMarkup writes them (react-dom 19's server
 * renderer, pushAttribute and escapeTextForBrowser), for static-markup.ts. Kept to React's rules
 * byte for byte: test/render/static-markup.test.ts renders every rule here with React too.
 */

/** React's text and attribute escape: " ' & < > (not the HTML standard's set: ' becomes &#x27;). */
const NEEDS_ESCAPE = /["'&<>]/;

export function escapeText(text: string): string {
  const first = text.search(NEEDS_ESCAPE);
  if (first === -1) return text;
  let out = text.slice(0, first);
  let last = first;
  for (let i = first; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 34: entity = '&quot;'; break;
      case 38: entity = '&amp;'; break;
      case 39: entity = '&#x27;'; break;
      case 60: entity = '&lt;'; break;
      case 62: entity = '&gt;'; break;
      default: continue;
    }
    out += text.slice(last, i) + entity;
    last = i + 1;
  }
  return out + text.slice(last);
}

/** Props that are not attributes, or that React leaves out. */
const SKIPPED = new Set(['children', 'dangerouslySetInnerHTML', 'defaultValue', 'defaultChecked', 'innerHTML', 'suppressContentEditableWarning', 'suppressHydrationWarning', 'ref', 'key']);
/** Written as name="" when truthy, left out otherwise. */
const BOOLEAN = new Set(['inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled', 'disablePictureInPicture', 'disableRemotePlayback', 'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate', 'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'itemScope']);
/** Written with their value whatever its type (true → "true"). */
const ANY_VALUE = new Set(['contentEditable', 'spellCheck', 'draggable', 'value', 'autoReverse', 'externalResourcesRequired', 'focusable', 'preserveAlpha']);
const URL_PROPS = new Set(['src', 'href', 'action', 'formAction']);
/** Props whose rules are not copied here: an element with one is rendered by React (NotStatic). */
const UNSUPPORTED = new Set(['style', 'autoFocus', 'multiple', 'muted', 'capture', 'xlinkHref']);
/** Numbers React writes only when at least 1, and those it writes unless NaN. */
const AT_LEAST_ONE = new Set(['cols', 'rows', 'size', 'span']);
const NUMBERS = new Set(['rowSpan', 'start']);
const RENAMED: Record<string, string> = { className: 'class', tabIndex: 'tabindex', xlinkActuate: 'xlink:actuate', xlinkArcrole: 'xlink:arcrole', xlinkRole: 'xlink:role', xlinkShow: 'xlink:show', xlinkTitle: 'xlink:title', xlinkType: 'xlink:type', xmlBase: 'xml:base', xmlLang: 'xml:lang', xmlSpace: 'xml:space' };
/** React's aliases (react-dom-server, `aliases`): attribute names that differ from their prop names. */
const ALIASES = new Map<string, string>([
  ["acceptCharset", "accept-charset"],
  ["htmlFor", "for"],
  ["httpEquiv", "http-equiv"],
  ["crossOrigin", "crossorigin"],
  ["accentHeight", "accent-height"],
  ["alignmentBaseline", "alignment-baseline"],
  ["arabicForm", "arabic-form"],
  ["baselineShift", "baseline-shift"],
  ["capHeight", "cap-height"],
  ["clipPath", "clip-path"],
  ["clipRule", "clip-rule"],
  ["colorInterpolation", "color-interpolation"],
  ["colorInterpolationFilters", "color-interpolation-filters"],
  ["colorProfile", "color-profile"],
  ["colorRendering", "color-rendering"],
  ["dominantBaseline", "dominant-baseline"],
  ["enableBackground", "enable-background"],
  ["fillOpacity", "fill-opacity"],
  ["fillRule", "fill-rule"],
  ["floodColor", "flood-color"],
  ["floodOpacity", "flood-opacity"],
  ["fontFamily", "font-family"],
  ["fontSize", "font-size"],
  ["fontSizeAdjust", "font-size-adjust"],
  ["fontStretch", "font-stretch"],
  ["fontStyle", "font-style"],
  ["fontVariant", "font-variant"],
  ["fontWeight", "font-weight"],
  ["glyphName", "glyph-name"],
  ["glyphOrientationHorizontal", "glyph-orientation-horizontal"],
  ["glyphOrientationVertical", "glyph-orientation-vertical"],
  ["horizAdvX", "horiz-adv-x"],
  ["horizOriginX", "horiz-origin-x"],
  ["imageRendering", "image-rendering"],
  ["letterSpacing", "letter-spacing"],
  ["lightingColor", "lighting-color"],
  ["markerEnd", "marker-end"],
  ["markerMid", "marker-mid"],
  ["markerStart", "marker-start"],
  ["maskType", "mask-type"],
  ["overlinePosition", "overline-position"],
  ["overlineThickness", "overline-thickness"],
  ["paintOrder", "paint-order"],
  ["panose-1", "panose-1"],
  ["pointerEvents", "pointer-events"],
  ["renderingIntent", "rendering-intent"],
  ["shapeRendering", "shape-rendering"],
  ["stopColor", "stop-color"],
  ["stopOpacity", "stop-opacity"],
  ["strikethroughPosition", "strikethrough-position"],
  ["strikethroughThickness", "strikethrough-thickness"],
  ["strokeDasharray", "stroke-dasharray"],
  ["strokeDashoffset", "stroke-dashoffset"],
  ["strokeLinecap", "stroke-linecap"],
  ["strokeLinejoin", "stroke-linejoin"],
  ["strokeMiterlimit", "stroke-miterlimit"],
  ["strokeOpacity", "stroke-opacity"],
  ["strokeWidth", "stroke-width"],
  ["textAnchor", "text-anchor"],
  ["textDecoration", "text-decoration"],
  ["textRendering", "text-rendering"],
  ["transformOrigin", "transform-origin"],
  ["underlinePosition", "underline-position"],
  ["underlineThickness", "underline-thickness"],
  ["unicodeBidi", "unicode-bidi"],
  ["unicodeRange", "unicode-range"],
  ["unitsPerEm", "units-per-em"],
  ["vAlphabetic", "v-alphabetic"],
  ["vHanging", "v-hanging"],
  ["vIdeographic", "v-ideographic"],
  ["vMathematical", "v-mathematical"],
  ["vectorEffect", "vector-effect"],
  ["vertAdvY", "vert-adv-y"],
  ["vertOriginX", "vert-origin-x"],
  ["vertOriginY", "vert-origin-y"],
  ["wordSpacing", "word-spacing"],
  ["writingMode", "writing-mode"],
  ["xmlnsXlink", "xmlns:xlink"],
  ["xHeight", "x-height"],
]);
const SAFE_NAME = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** Thrown for anything outside the subset static-markup.ts renders: the caller renders with React. */
export class NotStatic extends Error {}

const written = (name: string, value: unknown) => ` ${name}="${escapeText(`${value as string}`)}"`;
const unwritable = (value: unknown) => typeof value === 'function' || typeof value === 'symbol';

type Kind = 'skip' | 'unsupported' | 'boolean' | 'any' | 'url' | 'atLeastOne' | 'number' | 'download' | 'string' | 'other';

/** What React does with a prop name: found once per name (a page has a few dozen names). */
function ruleFor(name: string): { kind: Kind; attr: string } {
  if (SKIPPED.has(name)) return { kind: 'skip', attr: name };
  if (UNSUPPORTED.has(name)) return { kind: 'unsupported', attr: name };
  if (BOOLEAN.has(name)) return { kind: 'boolean', attr: name };
  if (ANY_VALUE.has(name)) return { kind: 'any', attr: name };
  if (URL_PROPS.has(name)) return { kind: 'url', attr: name };
  if (AT_LEAST_ONE.has(name)) return { kind: 'atLeastOne', attr: name };
  if (NUMBERS.has(name)) return { kind: 'number', attr: name };
  if (name === 'download') return { kind: 'download', attr: name };
  if (RENAMED[name] !== undefined) return { kind: 'string', attr: RENAMED[name] };
  // Event handlers (on…) are never written.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return { kind: 'skip', attr: name };
  const attr = ALIASES.get(name) ?? name;
  return SAFE_NAME.test(attr) ? { kind: 'other', attr } : { kind: 'skip', attr };
}
const rules = new Map<string, { kind: Kind; attr: string }>();

/** One prop as React writes it on a host element ('' when it writes nothing). */
export function attribute(name: string, value: unknown): string {
  if (value == null) return '';
  let rule = rules.get(name);
  if (rule === undefined) rules.set(name, (rule = ruleFor(name)));
  const { kind, attr } = rule;
  if (kind === 'skip') return '';
  if (typeof value === 'string' && (kind === 'other' || kind === 'string' || kind === 'any')) return ` ${attr}="${escapeText(value)}"`;
  if (kind === 'unsupported') throw new NotStatic(name);
  if (kind === 'boolean') return value && !unwritable(value) ? ` ${attr}=""` : '';
  if (unwritable(value)) return '';
  switch (kind) {
    case 'any':
      return written(attr, value);
    case 'url':
      if ((value === '' && (name === 'src' || name === 'href')) || typeof value === 'boolean') return '';
      return written(attr, JAVASCRIPT_URL.test(`${value as string}`) ? BLOCKED_URL : value);
    case 'atLeastOne':
      return isNaN(value as number) || !(1 <= (value as number)) ? '' : written(attr, value);
    case 'number':
      return isNaN(value as number) ? '' : written(attr, value);
    case 'download':
      return value === true ? ' download=""' : value === false ? '' : written(attr, value);
    case 'string':
      return typeof value === 'boolean' ? '' : written(attr, value);
    default: {
      // Booleans are written ("true", "false") only on data- and aria- attributes.
      const prefix = attr.toLowerCase().slice(0, 5);
      return typeof value === 'boolean' && prefix !== 'data-' && prefix !== 'aria-' ? '' : written(attr, value);
    }
  }
}
