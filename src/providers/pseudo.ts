/**
 * The pseudo-language of development: every English text accented and about 35% longer,
 * in brackets, so that a text left untranslated (no accents) or cut off (no closing bracket) shows.
 * {{variables}}, $t(nesting) and <tags> are kept as they are.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ'].map((c, i) => [c, [...'àƀçđéğĥîķĺñőŕşţûýžÀƁÇĐÉĞĤÎĶĹÑŐŔŞŢÛÝŽ'][i]!]),
);
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>)/;

export function pseudoText(text: string): string {
  const accented = text
    .split(KEPT)
    .map((part, i) => (i % 2 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
  const letters = text.replace(new RegExp(KEPT, 'g'), '').length;
  // the padding breaks every 6 characters, as longer words of a real language would
  const padding = '·'.repeat(Math.ceil(letters * 0.35)).replace(/(.{6})(?=.)/g, '$1 ');
  return `⟦${accented}${padding && ` ${padding}`}⟧`;
}

/** A namespace's texts, every string value made pseudo. */
export function pseudoTexts<T>(texts: T): T {
  if (typeof texts === 'string') return pseudoText(texts) as T;
  if (typeof texts !== 'object' || texts === null) return texts;
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, pseudoTexts(value)])) as T;
}
