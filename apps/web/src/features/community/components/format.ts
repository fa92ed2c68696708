/** A day as people read it here ("23 Nov 2026"), in the browser's language. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
