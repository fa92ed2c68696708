import './settings.css';

export function YourDataCard() {
  return (
    <section className="settings-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">Your profile, ratings, collection, lists, posts and follows as one JSON file.</p>
      <a className="btn" href="/api/users/me/export" download>
        Download my data
      </a>
    </section>
  );
}
