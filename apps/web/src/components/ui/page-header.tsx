import './page-header.css';

/** The heading of a tool page (Admin Dashboard, Song Sorter) with the line that says what it is for. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </header>
  );
}
