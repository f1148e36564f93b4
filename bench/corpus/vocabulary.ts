/**
 * Word lists for the synthetic corpus: the parts glossary titles are combined from, the fragments
 * sentences are assembled from, headings, list items and reference sources. Plain ASCII words only,
 * so generated Markdown never contains HTML, and every title slugifies predictably.
 * Reads: nothing. Writes: nothing.
 */

/** The tags of content/site.yaml, copied so the corpus does not change when editors edit tags. */
export const KNOWN_TAGS: Readonly<Record<string, string>> = {
  ai: 'Artificial intelligence and language-model tools in legal work.',
  confidentiality: 'Keeping client and case information confidential.',
  ethics: 'Professional-conduct duties that shape how lawyers work.',
  governance: 'Policies, oversight and accountability for tools and processes.',
  security: 'Information security controls that protect legal data.',
  workflow: 'How legal work moves from step to step.',
  procurement: 'Choosing and contracting with technology vendors.',
  methodology: 'Repeatable methods for establishing and presenting facts.',
  provenance: 'Where information came from and how it was handled.',
  citation: 'Citing sources precisely, down to the pinpoint.',
  risk: 'Identifying and managing legal and operational risk.',
  technology: 'Legal technology and how it works.',
  forensics: 'Forensic acquisition and examination of digital evidence.',
  'advanced-methodology': 'Advanced analytical methods for complex matters.',
  evidence: 'Rules and practice of evidence.',
  procedure: 'Court rules and procedural requirements.',
  analysis: 'Analysing facts, documents and data.',
  privilege: 'Legal professional privilege and work product.',
  disclosure: 'Disclosure and discovery of documents.',
  chronology: 'Building and maintaining chronologies of fact.',
  preservation: 'Preserving documents and data for litigation.',
  privacy: 'Personal data and privacy obligations.',
  data: 'Data formats, standards and structures.',
};

export const JURISDICTIONS = ['Global', 'United States', 'United Kingdom', 'Australia'] as const;

/** First word of a glossary title. */
export const QUALIFIERS = [
  'contemporaneous', 'forensic', 'privileged', 'redacted', 'verified', 'disputed', 'custodial', 'native',
  'structured', 'sampled', 'proportionate', 'defensible', 'automated', 'manual', 'preliminary', 'supplemental',
  'tiered', 'rolling', 'targeted', 'continuous', 'documented', 'independent', 'primary', 'secondary',
  'derived', 'archived', 'encrypted', 'anonymised', 'pseudonymised', 'certified', 'sworn', 'annotated',
  'indexed', 'hashed', 'deduplicated', 'threaded', 'tagged', 'reviewed', 'withheld', 'produced',
] as const;

/** Middle word of a glossary title. */
export const SUBJECTS = [
  'custody', 'disclosure', 'witness', 'metadata', 'document', 'evidence', 'privilege', 'chronology',
  'exhibit', 'deposition', 'production', 'retention', 'collection', 'review', 'hold', 'issue',
  'fact', 'source', 'citation', 'pinpoint', 'timeline', 'matter', 'custodian', 'dataset',
  'email', 'attachment', 'transcript', 'statement', 'affidavit', 'pleading', 'subpoena', 'audit',
  'access', 'consent', 'breach', 'vendor', 'model', 'prompt', 'contract', 'policy',
] as const;

/** Last word of a glossary title. */
export const HEADS = [
  'log', 'register', 'protocol', 'index', 'record', 'schedule', 'report', 'matrix',
  'standard', 'checklist', 'workflow', 'ledger', 'summary', 'memo', 'certificate', 'manifest',
  'profile', 'tracker', 'threshold', 'window', 'baseline', 'sample', 'map', 'hierarchy', 'notice',
] as const;

/** Sentence subjects (start of a sentence, capitalised when used). */
export const OPENERS = [
  'the review team', 'a careful practitioner', 'the supervising partner', 'each custodian', 'the court',
  'opposing counsel', 'the litigation support lead', 'a junior associate', 'the forensic examiner',
  'the matter record', 'the disclosure statement', 'every fact entry', 'the expert witness',
  'a well-kept chronology', 'the instructing solicitor', 'the vendor', 'the data protection officer',
  'the privilege reviewer', 'the case team', 'a second reviewer', 'the tribunal', 'the client',
] as const;

export const VERBS = [
  'should record', 'will usually check', 'must be able to trace', 'can rely on', 'needs to confirm',
  'often overlooks', 'is expected to preserve', 'should cross-check', 'will want to cite',
  'has to disclose', 'may be asked to explain', 'should never assume', 'can quickly verify',
  'is responsible for', 'ought to document', 'tends to underestimate', 'will later depend on',
] as const;

export const OBJECTS = [
  'the date and time basis of each entry', 'the source of every statement', 'the pinpoint to the page and line',
  'the version history of the file', 'the hash value taken at collection', 'the reason for each redaction',
  'the scope of the search terms', 'the identity of each custodian', 'the confidence level of the fact',
  'the gaps in the documentary record', 'the basis on which privilege is claimed', 'the order of events',
  'the handling of each device', 'the terms of the protective order', 'the criteria used for sampling',
  'the chain of handling since acquisition', 'the assumptions behind the estimate', 'the status of each issue',
] as const;

export const ADVERBIALS = [
  'before any argument is drafted', 'at the point of collection', 'in a form a stranger could follow',
  'whenever the record changes', 'without relying on memory', 'so that a reviewer can test it later',
  'well before the hearing', 'in the same way for every matter', 'as soon as the dispute is anticipated',
  'under the applicable court rules', 'with a note of who did the work', 'across all relevant systems',
  'in plain and neutral language', 'against the original source', 'at every stage of the review',
] as const;

export const CONNECTIVES = [
  'In practice,', 'For that reason,', 'As a rule,', 'In most matters,', 'Where time is short,',
  'Equally,', 'By contrast,', 'In a dispute,', 'Over time,', 'Put simply,', 'On a large matter,',
] as const;

/** Section headings; a topic word is appended so headings on one page differ. */
export const HEADINGS = [
  'Why it matters', 'What the rules require', 'Building the record', 'Common mistakes', 'Working with vendors',
  'Quality control', 'A worked example', 'Checklist before filing', 'Handling disputes', 'Keeping it current',
  'Roles and responsibilities', 'Costs and proportionality', 'Evidence of process', 'Where teams go wrong',
] as const;

export const ARTICLE_FRAMES = [
  'a practical guide', 'what courts expect', 'fields, samples and pitfalls', 'a step-by-step method',
  'questions to ask first', 'a checklist for teams', 'lessons from practice', 'the minimum standard',
] as const;

export const TABLE_COLUMNS = [
  ['Field', 'Meaning', 'Example'],
  ['Step', 'Who', 'Output'],
  ['Risk', 'Likelihood', 'Mitigation'],
  ['Item', 'Required', 'Notes'],
] as const;

export const TABLE_CELLS = [
  'date', 'author', 'recipient', 'custodian', 'hash', 'source', 'pinpoint', 'status', 'yes', 'no',
  'high', 'low', 'medium', 'reviewer', 'partner', 'vendor', 'log entry', 'signed record', 'draft',
  'verified', 'see note', 'optional', 'per matter', 'weekly', 'at collection',
] as const;
