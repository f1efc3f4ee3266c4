/**
 * The forms of a quote request's lifecycle on its record page (docs/product.md §4 "Status
 * updates"): the price given by phone after 'Mark Quoted' (`phone-price`), 'Complete' confirmed
 * (`complete`), 'Cancel request' with its reason (`cancel-request`) and 'Reopen' (`reopen`).
 * Each names what it does in `intent`; a ticked checkbox sends "1".
 */
import { z } from "~/forms/zod";
import { optionalText } from "~/forms/fields";
import { quoteFormSchema } from "~/forms/customer-reply";
import { TEXT_LIMITS } from "~/domain/limits";
import { LIFECYCLE_MESSAGES } from "~/domain/texts/staff-messages";

/** A checkbox: true when ticked (sent as "1"). */
const tick = z
  .literal("1")
  .optional()
  .transform((value) => value === "1");

/**
 * 'Add the price you gave by phone': the quote's terms as 'Send quote' has them (amount in JMD,
 * optional USD, valid days, what is included), an optional message, and `mail` (e-mail the
 * customer the booking link; off by default).
 */
export const phonePriceSchema = quoteFormSchema.omit({ intent: true, message: true }).extend({
  intent: z.literal("phone-price"),
  message: optionalText("Message", TEXT_LIMITS.customerMessage, { multiline: true }),
  mail: tick,
});

/** 'Complete', confirmed on the record: `cancelVisits` cancels the visits still scheduled with it. */
export const completeSchema = z.object({ intent: z.literal("complete"), cancelVisits: tick });

/** 'Cancel request': the reason (required, kept in the history) and whether to tell the customer by e-mail. */
export const cancelRequestSchema = z.object({
  intent: z.literal("cancel-request"),
  reason: z
    .string({ error: LIFECYCLE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: LIFECYCLE_MESSAGES.reasonRequired })
    .max(TEXT_LIMITS.note, { error: LIFECYCLE_MESSAGES.reasonTooLong(TEXT_LIMITS.note) }),
  tell: tick,
});

/** 'Reopen' a completed or cancelled request, with an optional reason. */
export const reopenSchema = z.object({
  intent: z.literal("reopen"),
  reason: optionalText("Reason", TEXT_LIMITS.note, { multiline: true }),
});

/** Every lifecycle form of the record page (also the input gate's contract). */
export const lifecycleForms = z.discriminatedUnion("intent", [phonePriceSchema, completeSchema, cancelRequestSchema, reopenSchema]);

/** The intents of `lifecycleForms`. */
export const LIFECYCLE_INTENTS: ReadonlySet<string> = new Set(["phone-price", "complete", "cancel-request", "reopen"]);
