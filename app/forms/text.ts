/**
 * What a text field keeps of what was sent: the text the visitor meant to type, without
 * characters that only hide or reorder it.
 *
 * - Line breaks become `\n` (browsers send `\r\n`); in single-line fields they, and tabs,
 *   become spaces. Multi-line fields keep `\n` and tabs.
 * - Every other control character (Unicode category Cc: NUL, BEL, ESC, DEL, …) is removed.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are
 *   removed: they make text display in another order than it is stored (Unicode TR #9;
 *   the "Trojan Source" attack). Joiners and marks stay: emoji and some scripts need them.
 * - The result is in Unicode Normalization Form C, so the same words are stored the same way.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function cleanText(value: string, { multiline }: { multiline: boolean }): string {
  const lines = value.replace(/\r\n?/g, "\n");
  const spaced = multiline ? lines : lines.replace(/[\n\t]/g, " ");
  return spaced
    .replace(/[^\P{Cc}\n\t]/gu, "")
    .replace(BIDI_CONTROLS, "")
    .normalize("NFC");
}
