/**
 * JSON for an inline `<script>` (JSON-LD, speculation rules): `JSON.stringify` with every `<`
 * written as `\u003c`, so no text inside (a review, a business name) can close the script
 * element or open a comment. In: any JSON-serialisable value. Out: the script's text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
