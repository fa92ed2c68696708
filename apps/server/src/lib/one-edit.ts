/**
 * The strings one edit away from a word: a letter dropped, added or changed, or two neighbours
 * swapped (Damerau–Levenshtein distance 1). Search looks them up among the stored words when a
 * query word matches none, which is how 'radoihead' finds Radiohead. Added and changed letters
 * come from Latin letters and digits (what folded words mostly are) and the word's own letters
 * (so a word in another script gets its own alphabet's likely slips).
 */
const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function oneEditAway(word: string): string[] {
  const letters = Array.from(word);
  const alphabet = [...new Set([...LATIN, ...letters])];
  const found = new Set<string>();
  const at = (i: number) => letters.slice(0, i).join('');
  const from = (i: number) => letters.slice(i).join('');
  for (let i = 0; i <= letters.length; i++) {
    const [head, tail] = [at(i), from(i)];
    for (const letter of alphabet) found.add(head + letter + tail);
    if (i === letters.length) continue;
    const rest = from(i + 1);
    found.add(head + rest);
    for (const letter of alphabet) found.add(head + letter + rest);
    if (i + 1 < letters.length) found.add(head + letters[i + 1] + letters[i] + from(i + 2));
  }
  found.delete(word);
  found.delete('');
  return [...found];
}
