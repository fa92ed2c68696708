import { remove as replaceConfusables } from 'confusables';

/**
 * The key that makes two display names the same name (DESIGN.md decision 2, ADR 8). Display names
 * are profile URLs, so names that look alike must not coexist: 'Ana', 'ANA' and 'ａｎａ' (case and
 * width, by NFKC) and 'Аdmin' with a Cyrillic А beside 'Admin' (a homoglyph skeleton from the
 * confusables package) all share one key. Case is folded after the skeleton, which maps to letters
 * of either case.
 */
export function displayNameKey(name: string): string {
  return replaceConfusables(name.normalize('NFKC').toLowerCase()).toLowerCase();
}
