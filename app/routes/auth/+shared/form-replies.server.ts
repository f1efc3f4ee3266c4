/**
 * What the account pages' actions answer when they do not redirect: their form's result
 * (app/forms/result.ts), the action's data itself. A refusal carries the form's message (never
 * the password sent back); a form that did its work without leaving the page answers "success"
 * with its fields emptied.
 */
import { data } from "@remix-run/cloudflare";
import { refusal, type FormResult } from "~/forms/result";

/** A form refused before its schema ran (a limit, an unreadable body): `message` with HTTP `status`, no values. */
export const refuse = (status: number, message: string) => data(refusal(null, message), { status });

/**
 * The result of a form that did its work: Conform's reset (the fields empty), with status
 * "success", which the page reads as done (signed in, the reset link sent).
 */
export function succeeded(submission: { reply(options: { resetForm: true }): FormResult }): FormResult {
  return { ...submission.reply({ resetForm: true }), status: "success" };
}
