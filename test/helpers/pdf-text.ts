/** Reads back the text of a PDF that pdfkit made, for tests. */
import { inflateSync } from 'node:zlib';

/** The text a PDF made by pdfkit shows: each text operator's hex strings, decoded as WinAnsi. */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const winAnsi = new Map<number, string>([[0x80, '€'], [0x85, '…'], [0x91, '‘'], [0x92, '’'], [0x93, '“'], [0x94, '”'], [0x95, '•'], [0x96, '–'], [0x97, '—']]);
  const lines: string[] = [];
  for (const [, body] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16))).replace(/[\x80-\x9f]/g, (c) => winAnsi.get(c.charCodeAt(0)) ?? '?'));
    }
  }
  return lines.join('\n');
}
