/**
 * One setup of Conform's `useForm` for the forms of the admin and the account pages: the
 * schema's constraints on the fields (so the browser checks them with JavaScript off), errors
 * shown once a field is left and updated as it is typed in, and the server's submission result
 * (`submission.reply()`, every action's answer) shown until the same form is sent again.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import type { z } from "zod";

/**
 * In: the form's zod schema, its `id` (unique on the page), the action's result for it, and the
 * `intent` its submit button sends when a page holds several forms. Out: Conform's
 * `[form, fields]`. While this form is being sent, the last result is set aside, so a message
 * from the previous try does not stay beside the new one.
 */
export function useAdminForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; result: SubmissionResult<string[]> | null | undefined; intent?: string },
) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && (options.intent === undefined || navigation.formData?.get("intent") === options.intent);
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: sending ? null : options.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
