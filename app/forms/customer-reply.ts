/**
 * The forms of a record page that write to the customer (docs/product.md §10): 'Send quote'
 * on a quote request, 'Send reply' on a contact message, 'Resend' of an e-mail that was not
 * delivered; and the reply templates' forms on /admin/templates. Each names what it does in
 * `intent`.
 */
import { z } from "./zod";
import { requiredText, optionalText } from "./fields";
import { CUSTOMER_REPLY_KINDS } from "~/domain/enumerations";
import { QUOTE_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from "~/domain/templates";

/**
 * An amount in whole dollars as staff type it: "14500", "14,500", "J$14,500" or "14500.00";
 * at most `max`. Out: the number of dollars.
 */
function wholeDollars(label: string, max: number) {
  const message = `${label} must be a whole number of dollars, such as 14500.`;
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .max(20, { error: message })
    .transform((value) => value.replace(/^(?:J|US)?\$\s*/i, "").replace(/\.00$/, ""))
    .refine((value) => value !== "", { error: `${label} is required.` })
    .refine((value) => /^(?:\d{1,3}(?:,\d{3})+|\d+)$/.test(value), { error: message })
    .transform((value) => Number(value.replaceAll(",", "")))
    .refine((value) => value >= 1 && value <= max, { error: `${label} must be between 1 and ${max.toLocaleString("en-US")}.` });
}

const message = requiredText("Message", TEXT_LIMITS.customerMessage, { multiline: true });

/** 'Send quote': the price in JMD (and optionally USD), what it includes, how long it holds, a message. */
export const quoteFormSchema = z.object({
  intent: z.literal("quote"),
  amountJmd: wholeDollars("Amount (JMD)", QUOTE_LIMITS.maxJmd),
  amountUsd: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    wholeDollars("Amount (USD)", QUOTE_LIMITS.maxUsd).optional(),
  ),
  included: optionalText("What is included", TEXT_LIMITS.quoteIncluded, { multiline: true }),
  validDays: z
    .string({ error: "Valid for is required." })
    .trim()
    .regex(/^\d{1,3}$/, { error: `Valid for must be a number of days from ${QUOTE_LIMITS.minValidDays} to ${QUOTE_LIMITS.maxValidDays}.` })
    .transform(Number)
    .refine((days) => days >= QUOTE_LIMITS.minValidDays && days <= QUOTE_LIMITS.maxValidDays, {
      error: `Valid for must be a number of days from ${QUOTE_LIMITS.minValidDays} to ${QUOTE_LIMITS.maxValidDays}.`,
    }),
  message,
});
export type QuoteFormInput = z.output<typeof quoteFormSchema>;

/** 'Send reply' on a contact message. */
export const replyFormSchema = z.object({ intent: z.literal("reply"), message });

/** 'Resend' of an e-mail about the record that was not delivered. */
export const resendFormSchema = z.object({ intent: z.literal("resend"), mail: z.uuid() });

const templateBody = requiredText("Text", TEXT_LIMITS.customerMessage, { multiline: true }).refine(
  (body) => unknownPlaceholders(body).length === 0,
  {
    error: (issue) =>
      `Unknown placeholder ${unknownPlaceholders(String(issue.input))
        .map((name) => `{${name}}`)
        .join(", ")}. Use ${Object.keys(TEMPLATE_PLACEHOLDERS)
        .map((name) => `{${name}}`)
        .join(", ")}.`,
  },
);

/** Add or edit a reply template (`id` absent: a new one). */
export const saveTemplateSchema = z.object({
  intent: z.literal("save"),
  id: z.uuid().optional(),
  kind: z.enum(CUSTOMER_REPLY_KINDS, { error: "Please choose what the template is for." }),
  name: requiredText("Name", TEXT_LIMITS.templateName),
  body: templateBody,
});
export type SaveTemplateInput = z.output<typeof saveTemplateSchema>;

/** Delete a reply template. */
const deleteTemplateSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });

/** Every form of /admin/templates (also the input gate's contract). */
export const templateFormSchema = z.discriminatedUnion("intent", [saveTemplateSchema, deleteTemplateSchema]);
