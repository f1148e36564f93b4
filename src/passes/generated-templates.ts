/**
 * Generates downloadable files that are built rather than committed: a listed `x.pdf` whose text
 * source is `x.md` becomes a real PDF (pdfkit; standard fonts; deterministic, dated from content).
 * Supported source lines: `# Title`, `## Section`, `- [ ] item` / `- item`, and paragraphs.
 * Reads: templates, config. Writes: templates with `body` filled in. Spec §2 (ai-policy-checklist.pdf).
 */
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import type { SiteConfig, TemplateFile } from '../model.js';
// The source was checked when read (load/normalize.ts): every character is one the fonts show.
import { pdfInlineText } from './pdf-text.js';

export async function generateTemplateFiles(templates: TemplateFile[], config: SiteConfig): Promise<TemplateFile[]> {
  return Promise.all(templates.map(async (t) => (t.body || t.source === undefined ? t : { ...t, body: await markdownToPdf(t.source, t.title, config) })));
}

// A fixed date keeps the PDF byte-identical between builds of the same content.
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

export async function markdownToPdf(source: string, title: string, config: SiteConfig): Promise<Uint8Array> {
  // Loaded when a PDF is made: pdfkit and its fonts take a tenth of a second to load. Required, not
  // imported: the CLI runs as a script (parallel/code-cache.ts), where import() is not available.
  const PDFDocument = createRequire(import.meta.url)('pdfkit') as typeof PDFKit;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: true,
      info: { Title: title, Author: config.publisher.name, Subject: `${config.name} — ${config.license.name}`, CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) doc.font('Helvetica').fontSize(10.5).text(pdfInlineText(paragraph.join(' ')), { paragraphGap: 6 });
      paragraph = [];
    };
    for (const raw of source.split(/\r?\n/)) {
      const line = raw.trim();
      let m: RegExpExecArray | null;
      if (!line) flush();
      else if ((m = /^#\s+(.*)$/.exec(line))) (flush(), doc.font('Helvetica-Bold').fontSize(20).text(pdfInlineText(m[1]), { paragraphGap: 10 }));
      else if ((m = /^#{2,}\s+(.*)$/.exec(line))) (flush(), doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13.5).text(pdfInlineText(m[1]), { paragraphGap: 4 }));
      else if ((m = /^[-*]\s+\[[ xX]\]\s+(.*)$/.exec(line))) (flush(), doc.font('Helvetica').fontSize(10.5).text(`[  ]  ${pdfInlineText(m[1])}`, { indent: 8, paragraphGap: 3 }));
      else if ((m = /^[-*]\s+(.*)$/.exec(line))) (flush(), doc.font('Helvetica').fontSize(10.5).text(`•  ${pdfInlineText(m[1])}`, { indent: 8, paragraphGap: 3 }));
      else paragraph.push(line);
    }
    flush();
    doc.moveDown(1).font('Helvetica-Oblique').fontSize(8.5).fillColor('#555555').text(`${config.name} · ${config.baseUrl} · ${config.license.name} · Educational material only. Not legal advice.`);
    doc.end();
  });
}
