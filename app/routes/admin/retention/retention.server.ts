/**
 * The server side of /admin/retention (docs/product.md §17 "Retention"): admins only
 * (`requireAdmin` in the loader and the action, as every settings page). The loader shows the
 * owner's periods and the daily job's last run (app/server/retention); the action checks the
 * form (./schema.ts) through the input gate and saves both periods, or answers 400 with each
 * refused field's message and writes nothing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure } from "~/server/platform";
import { readRetentionSettings, readRetentionSummary, saveRetentionSettings } from "~/server/retention";
import { retentionFormSchema } from "./schema";

/** The loader of /admin/retention: admins only. Out: `{ settings, lastRun }`, the last run's line as text (or that it never ran). */
export async function retentionPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const [settings, summary] = await Promise.all([readRetentionSettings(context.db), readRetentionSummary(context.db)]);
  const lastRun = summary.lastRunDay
    ? RETENTION_MESSAGES.lastRun({
        day: summary.lastRunDay,
        photos: summary.photosDeleted,
        requests: summary.requestsAnonymised,
        messages: summary.messagesAnonymised,
        mails: summary.mailBodiesCleared,
      })
    : RETENTION_MESSAGES.never;
  return { settings, lastRun };
}

/**
 * POST on /admin/retention: 'Save retention settings'. Answers the form's result
 * (app/forms/result.ts): success, 400 with the fields' messages and the values as sent (nothing
 * stored), 503 when D1 fails. Not an admin: the redirect of `requireAdmin`, before the body is read.
 */
export async function retentionPageAction({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(retentionFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: retentionFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveRetentionSettings(context.db, submission.value, new Date());
    return data(submission.reply());
  } catch (error) {
    logFailure("retention_settings_save_failed", error);
    return data(submission.reply({ formErrors: [RETENTION_MESSAGES.failed] }), { status: 503 });
  }
}
