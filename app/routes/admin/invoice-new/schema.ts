/**
 * The form that starts an invoice (/admin/invoices/new, docs/product.md §15), by `from`: a visit
 * ('Invoice this visit'), a quote request's priced quote ('Invoice from the quote'), or a
 * customer's month of visits ('Invoice a month of visits', `month` as YYYY-MM).
 */
import { z } from "~/forms/zod";

export const newInvoiceSchema = z.discriminatedUnion("from", [
  z.object({ from: z.literal("visit"), visitId: z.uuid({ error: "This visit is not known." }) }),
  z.object({ from: z.literal("quote"), quoteRequestId: z.uuid({ error: "This quote request is not known." }) }),
  z.object({
    from: z.literal("month"),
    customerId: z.uuid({ error: "This customer is not known." }),
    month: z.string({ error: "Choose a month." }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Choose a month." }),
  }),
]);
