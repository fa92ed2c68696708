import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

export function Component() {
  useDocumentTitle('Discover. Rate. Share.');
  return (
    <section className="hero">
      <h1 className="hero__title">Discover. Rate. Share.</h1>
      <p className="hero__lead">Rate every song, keep your collection, and see what everyone is listening to.</p>
      <button
        type="button"
        className="btn btn-primary hero__cta"
        onClick={() => document.getElementById('top-music')?.scrollIntoView({ behavior: 'smooth' })}
      >
        Explore Top Music
      </button>
    </section>
  );
}
