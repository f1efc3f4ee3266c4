/**
 * The browser's side of form validation, loaded on demand (app/components/hooks/use-lazy-validation.ts)
 * next to the form's schema module: Conform's zod adapter.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A validator for `useForm({ onValidate })`: form data in, Conform submission out.
 * Loaded with a dynamic import (app/components/hooks/use-lazy-validation.ts).
 * @public
 */
export function validatorFor<Schema extends z.ZodType>(schema: Schema) {
  return (formData: FormData): Submission<z.input<Schema>, string[], z.output<Schema>> => parseWithZod(formData, { schema });
}
