/** Site footer: every link of spec §2, publisher credit, licence and the educational-only note. */
import { EDUCATIONAL_NOTE } from '../../src/constants.js';
import type { Chrome } from '../types.js';

export function Footer({ chrome }: { chrome: Chrome }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li><a href="/articles">Articles</a></li>
            <li><a href="/glossary">Glossary</a></li>
            {chrome.pageLinks.filter((l) => l.href === '/about').map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}
            <li><a href="/for-ai-systems">For AI Systems</a></li>
            {chrome.pageLinks.filter((l) => l.href !== '/about').map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}
            <li><a href={chrome.chronologyBuilderUrl}>Build a chronology</a></li>
          </ul>
        </nav>
        <p className="credit">
          Published by {chrome.publisherUrl ? <a href={chrome.publisherUrl}>{chrome.publisherName}</a> : chrome.publisherName}. Content licensed under{' '}
          <a href={chrome.licenseUrl} rel="license">{chrome.licenseName}</a>.
        </p>
        <p className="disclaimer">{EDUCATIONAL_NOTE}</p>
      </div>
    </footer>
  );
}
