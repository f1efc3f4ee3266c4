/**
 * The one structured logger of the Worker. Every line is one JSON object, `{ event, ...fields }`,
 * written with `console.log` (what happened) or `console.error` (what failed); Workers
 * observability keeps both and makes their fields searchable (wrangler.toml `[observability]`).
 * Event names are snake_case verbs in the past tense or `…_failed`, each logged beside the code
 * it describes; the request line is one of them (docs/architecture.md §4.20, §1.2 step 10).
 */

/** Fields of a log line: values JSON can carry (strings, numbers, booleans, arrays, objects). */
export type LogFields = Record<string, unknown>;

/** One line about something that happened: `{ event, ...fields }` to `console.log`. */
export function logEvent(event: string, fields: LogFields = {}): void {
  console.log(JSON.stringify({ event, ...fields }));
}

/**
 * One line about something that failed: `{ event, ...fields, error }` to `console.error`.
 * `error` is whatever was thrown, written as its text (`Name: message` for an `Error`), so a
 * line never carries a stack or an object the JSON encoder cannot write.
 */
export function logFailure(event: string, error: unknown, fields: LogFields = {}): void {
  console.error(JSON.stringify({ event, ...fields, error: errorText(error) }));
}

/** One line about a failure that has no thrown error (a 5xx answered, a mail given up). */
export function logProblem(event: string, fields: LogFields = {}): void {
  console.error(JSON.stringify({ event, ...fields }));
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
