/**
 * The one form of /admin/invoices/unpaid (docs/product.md §15): 'Send reminder' of one invoice
 * (`intent` "remind", the invoice's `id`), a one-button POST on each row.
 */
import { z } from "~/forms/zod";

export const unpaidFormSchema = z.object({
  intent: z.literal("remind"),
  id: z.uuid({ error: "This invoice is not known." }),
});
