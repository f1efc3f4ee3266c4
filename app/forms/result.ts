/**
 * The one shape of a refused form: Conform's own `SubmissionResult` (`submission.reply()`),
 * which an action returns as its data with a 4xx or 503 status. A form drawn with Conform's
 * `useForm` takes it as `lastResult`; any other form reads it with `readResult`. Either way the
 * page shows the form's own message with `FormStatus` and each field's first message under the
 * field (app/components/form-field.tsx), with the values as sent.
 *
 * A page with several forms tells whose result it is by the values sent back: the form's
 * `intent` and, for a form per item, its `id`.
 */
import { parse, type SubmissionResult } from "@conform-to/react";

/** What a refused form's action returns: Conform's result of its submission. */
export type FormResult = SubmissionResult<string[]>;

/**
 * The result of a form refused before its schema ran (an unreadable body, a record that is
 * gone, a store that failed): `message` as the form's own error, the text fields as sent
 * (files are never sent back). In: the posted FormData, or null when it could not be read.
 */
export function refusal(formData: FormData | null, message: string): FormResult {
  return parse<never, string[]>(formData ?? new FormData(), { resolve: () => ({ error: { "": [message] } }) }).reply({
    formErrors: [message],
  });
}

/** A refused form's values and messages, read by name ("" is the form's own message). */
export interface ReadResult {
  /** The first message of a field, or of the form itself for "". */
  error(name: string): string | undefined;
  /** The value a field was sent with, as text, or undefined. */
  value(name: string): string | undefined;
}

const NOTHING: ReadResult = { error: () => undefined, value: () => undefined };

/**
 * Reads `result` when it belongs to the form sent with these `values` (for example
 * `{ intent: "edit-photo", id }`); any other form's result, or none, reads as empty.
 */
export function readResult(result: FormResult | null | undefined, values: Record<string, string> = {}): ReadResult {
  if (!result || result.status === "success") return NOTHING;
  const sent = result.initialValue ?? {};
  const value = (name: string) => {
    const entry = sent[name];
    return typeof entry === "string" ? entry : undefined;
  };
  if (Object.entries(values).some(([name, expected]) => value(name) !== expected)) return NOTHING;
  return { error: (name) => result.error?.[name]?.[0] ?? undefined, value };
}
