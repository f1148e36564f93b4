/** Where a value sits in a YAML file, as keys and list indexes: what diagnostics name as the field. */
export type FieldPath = (string | number)[];

/** ['faq', 2, 'q'] → `faq[2].q` */
export function formatFieldPath(path: FieldPath): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '');
}
