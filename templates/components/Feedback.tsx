/** "Was this helpful?" (issue 9): yes / no and an optional comment, saved in the reader's browser by
 * the page-actions script; without JavaScript, the email link still works. */
export function Feedback({ pageKey, formerKeys = [], title, url, email }: { pageKey: string; formerKeys?: readonly string[]; title: string; url: string; email: string }) {
  const mailto = `mailto:${email}?subject=${encodeURIComponent(`Feedback: ${title}`)}&body=${encodeURIComponent(`Page: ${url}\n\n`)}`;
  return (
    <section className="feedback" aria-labelledby={`feedback-${pageKey}`}>
      <form data-feedback={pageKey}>
        <h2 id={`feedback-${pageKey}`}>
          {/* A renamed page keeps the anchors its former addresses published (check --against). */}
          {formerKeys.map((key) => (
            <span key={key} id={`feedback-${key}`} />
          ))}
          Was this helpful?
        </h2>
        <div data-feedback-controls hidden>
          <fieldset className="feedback-choice">
            <legend className="visually-hidden">Was this helpful?</legend>
            <label className="check"><input type="radio" name="helpful" value="yes" /> Yes</label>
            <label className="check"><input type="radio" name="helpful" value="no" /> No</label>
          </fieldset>
          <label className="feedback-comment">
            Comment (optional)
            <textarea name="comment" rows={3} maxLength={500} />
          </label>
          <button type="submit" className="button button-secondary">Send feedback</button>
        </div>
        <p className="muted" data-feedback-status role="status" aria-live="polite" />
        <p>
          Found an error or want to suggest a source? <a href={mailto}>Email the editors</a>.
        </p>
      </form>
    </section>
  );
}
