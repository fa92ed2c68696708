/** Text as HTML: escaped, blank lines between paragraphs, single new lines as line breaks. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function htmlOfText(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  return paragraphs.join('');
}

/** A rating as people read it anywhere: half stars as ★ and ½, then the number. */
export function starsText(tenths: number): string {
  const halves = Math.round(tenths / 5);
  const stars = '★'.repeat(Math.floor(halves / 2)) + (halves % 2 === 1 ? '½' : '');
  return `${stars} (${(halves / 2).toString()}/5)`;
}
