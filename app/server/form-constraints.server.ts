/**
 * The HTML constraints (required, minlength, maxlength, pattern, min…) of the visitor forms,
 * derived on the server from each form's zod schema by Conform's `getZodConstraint`, and sent
 * with the loader data. The browser can then render complete markup (and the no-JavaScript
 * form gets the browser's own checks) without downloading zod; see
 * app/components/use-lazy-validation.ts.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "~/forms/contact";
import { quoteSchema } from "~/forms/quote";

/** Field name → constraint, as `useForm({ constraint })` takes it. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

export const CONTACT_CONSTRAINT: FormConstraint = getZodConstraint(contactSchema);
export const QUOTE_CONSTRAINT: FormConstraint = getZodConstraint(quoteSchema);
