/**
 * The fields the forms share (docs/product.md §5): text with a length limit, cleaned of
 * control and bidirectional-override characters (./text.ts), an e-mail address and a phone
 * number. Each is defined once; the quote, contact and account schemas compose them.
 */
import { z } from "./zod";
import { TEXT_LIMITS } from "~/domain/limits";
import { cleanText } from "./text";

/** Options of a text field: `multiline` for a textarea (keeps line breaks and tabs). */
interface TextOptions {
  multiline?: boolean;
}

/** A required text field of at most `max` characters, cleaned (./text.ts) and trimmed. */
export function requiredText(label: string, max: number, { multiline = false }: TextOptions = {}) {
  return z
    .string({ error: `${label} is required.` })
    .overwrite((value) => cleanText(value, { multiline }))
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

export function optionalText(label: string, max: number, { multiline = false }: TextOptions = {}) {
  return z
    .string()
    .overwrite((value) => cleanText(value, { multiline }))
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .optional();
}

/** One of `values`, with a message naming the field. */
export function choice<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: `Please choose a valid ${label.toLowerCase()}.` });
}

/** A calendar date typed in a date field, as an ISO date that exists ("2026-02-30" does not). */
export const isoDateSchema = z
  .string({ error: "Date is required." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Date must be a date (YYYY-MM-DD)." })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value), {
    error: "Date must be a date (YYYY-MM-DD).",
  });

/** An e-mail address, for visitors and accounts alike (RFC 5321 length limit). */
export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, { error: "Email is required." })
  .max(TEXT_LIMITS.email, { error: `Email must be at most ${TEXT_LIMITS.email} characters.` })
  .pipe(z.email({ error: "Please enter a valid email address." }));

/** A phone number as people type it: digits, spaces, +, (), -, . and at least 7 digits. */
export const phoneSchema = requiredText("Phone", TEXT_LIMITS.phone).refine(
  (value) => /^[+()\-.\s\d]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7,
  { error: "Please enter a valid phone number." },
);
