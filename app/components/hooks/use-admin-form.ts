/**
 * One setup of Conform's `useForm` for the forms of the admin and the account pages: the
 * schema's constraints on the fields (so the browser checks them with JavaScript off), errors
 * shown once a field is left and updated as it is typed in, and the server's submission result
 * (`submission.reply()`, every action's answer) shown until the same form is sent again. Its
 * answer lands where the user is (app/components/hooks/use-result-focus.ts): the hook gives the
 * form's `action` (ending in `#result`) and the text of its result banner.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { useResultAction } from "~/components/hooks/use-result-focus";

/** What a form shows of its answer: its `<Form action>` and its result banner's text. */
export interface AdminFormResult {
  /** The form's own route, ending in `#result`: without JavaScript the answer opens there. */
  action: string;
  /**
   * The banner above the form (FormStatus's `kind` and text): the form's own errors ("answer"),
   * or, when the server refused fields only, how many still need a change ("summary": the
   * fields show their messages and Conform focuses the first). Undefined when there is nothing
   * to say.
   */
  summary: { kind: "answer" | "summary"; text: string } | undefined;
}

/** "One field needs a change. …" for the server's refusal of `count` fields. */
function fieldsSummary(count: number): string {
  return count === 1 ? "One field needs a change. See the message below." : `${count} fields need a change. See the messages below.`;
}

/**
 * In: the form's zod schema, its `id` (unique on the page), the action's result for it, and the
 * `intent` its submit button sends when a page holds several forms. Out: Conform's
 * `[form, fields]` and the form's AdminFormResult (`[form, fields, { action, summary }]`).
 * While this form is being sent, the last result is set aside, so a message from the previous
 * try does not stay beside the new one.
 */
export function useAdminForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; result: SubmissionResult<string[]> | null | undefined; intent?: string },
) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && (options.intent === undefined || navigation.formData?.get("intent") === options.intent);
  const action = useResultAction();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: sending ? null : options.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const serverRefusedFields =
    !sending && Object.entries(options.result?.error ?? {}).some(([name, errors]) => name !== "" && errors?.length);
  const fieldsLeft = Object.entries(form.allErrors).filter(([name, errors]) => name !== "" && errors.length > 0).length;
  const summary: AdminFormResult["summary"] = form.errors?.length
    ? { kind: "answer", text: form.errors.join(" ") }
    : serverRefusedFields && fieldsLeft > 0
      ? { kind: "summary", text: fieldsSummary(fieldsLeft) }
      : undefined;
  const result: AdminFormResult = { action, summary };
  return [form, fields, result] as const;
}
