/**
 * The form of /admin/customers/<id>/erase (docs/product.md §14 "Their data, erased"): the
 * customer's name (or the word ERASE) typed, and the box ticked. Whether the name matches is the
 * action's check (./customer-erase.server.ts), against the customer as stored.
 */
import { TEXT_LIMITS } from "~/domain/limits";
import { CUSTOMER_ERASE_MESSAGES } from "~/domain/texts/staff-messages";
import { z } from "~/forms/zod";

export const eraseSchema = z.object({
  confirm: z
    .string({ error: CUSTOMER_ERASE_MESSAGES.wrongName })
    .trim()
    .min(1, { error: CUSTOMER_ERASE_MESSAGES.wrongName })
    .max(TEXT_LIMITS.name, { error: CUSTOMER_ERASE_MESSAGES.wrongName }),
  understood: z.literal("on", { error: CUSTOMER_ERASE_MESSAGES.unticked }),
});
