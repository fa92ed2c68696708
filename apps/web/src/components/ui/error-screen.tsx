import './error-screen.css';

/** Shown when a page fails to render (spec §2, Global elements). */
export function ErrorScreen() {
  return (
    <div className="error-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>We couldn't show this page. You can try:</p>
      <ul>
        <li>Refreshing the page</li>
        <li>Checking your internet connection</li>
        <li>Logging out and logging back in</li>
      </ul>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload Page
      </button>
    </div>
  );
}
