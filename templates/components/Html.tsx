/** Trusted HTML made by the build's own passes (Markdown rendered with raw HTML disabled). */
export function Html({ html, as: Tag = 'div', className, id }: { html: string; as?: 'div' | 'section' | 'li' | 'span' | 'p'; className?: string; id?: string }) {
  return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}
