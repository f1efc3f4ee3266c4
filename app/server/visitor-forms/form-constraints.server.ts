/**
 * The HTML constraints (required, minlength, maxlength, pattern, min…) of the visitor forms,
 * derived on the server from each form's zod schema by Conform's `getZodConstraint`, and sent
 * with the loader data, so the browser renders the same markup as the server without
 * downloading zod (app/components/hooks/use-lazy-validation.ts). The forms are `novalidate`: the
 * attributes describe the fields to assistive technology; the messages come from the schema.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "~/forms/contact";
import { quoteSchema } from "~/forms/quote";

/** Field name → constraint, as `useForm({ constraint })` takes it. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** The contact form's constraints (app/forms/contact.ts). */
export const CONTACT_CONSTRAINT: FormConstraint = getZodConstraint(contactSchema);
/** The quote form's constraints (app/forms/quote.ts). */
export const QUOTE_CONSTRAINT: FormConstraint = getZodConstraint(quoteSchema);
