/** The numbered answer box: title (default "Answer (Summary)"), answer ID, points, citation, JSON link
 * and copy buttons (the buttons act once the article-actions script loads; spec §2, §9). */
import type { AnswerBoxData } from '../types.js';

export function AnswerBox({ answer }: { answer: AnswerBoxData }) {
  return (
    <section id="answer" className="answer-box" aria-labelledby="answer-title">
      <div className="answer-head">
        <h2 id="answer-title">{answer.title}</h2>
        <p className="answer-id">
          Answer ID: <code>answers/{answer.slug}#a0</code>
        </p>
      </div>
      <ol className="answer-points">
        {answer.pointsHtml.map((html, i) => (
          <li key={i} id={`a0-${i + 1}`} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </ol>
      {answer.citation && <p className="answer-citation"><strong>Citation:</strong> {answer.citation}</p>}
      <div className="actions" data-actions="answer">
        <a className="button button-secondary" href={`/articles/${answer.slug}.answer.json`} download>
          Download answer JSON
        </a>
        <button type="button" className="button" data-copy="citation" hidden>Copy citation</button>
        <button type="button" className="button" data-copy="summary" hidden>Copy summary</button>
        <button type="button" className="button" data-copy="llm" hidden>Copy LLM format</button>
      </div>
    </section>
  );
}
