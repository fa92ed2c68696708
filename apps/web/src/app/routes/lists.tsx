import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './lists.css';

/** Spec §2: a static heading with one sample playlist card. */
export function Component() {
  useDocumentTitle('Your Lists');
  return (
    <div className="page">
      <h1>Your Lists</h1>
      <div className="list-cards">
        <article className="list-card">
          <div className="list-card__art" aria-hidden="true" />
          <h2>Chill Vibes</h2>
        </article>
      </div>
    </div>
  );
}
