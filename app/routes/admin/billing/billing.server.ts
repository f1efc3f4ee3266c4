/**
 * The server side of /admin/billing (docs/product.md §15): admins only (`requireAdmin` in the
 * loader and the action, as every settings page). The loader shows the billing settings
 * (app/server/billing `readBillingSettings`); the action checks the form (./schema.ts) through
 * the input gate and saves the settings whole (`saveBillingSettings`), or answers 400 with each
 * refused field's message and writes nothing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { centsToPlain, formatCents, GCT_RATE_BP, GCT_THRESHOLD_CENTS, formatRate, parseAmount } from "~/domain/billing";
import { refusal } from "~/forms/result";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { readBillingSettings, saveBillingSettings, type BillingSettings } from "~/server/billing";
import { logFailure } from "~/server/platform";
import { billingFormSchema, trnDigits, type BillingFormValue } from "./schema";

/**
 * The loader of /admin/billing: admins only. Out: the settings as the form shows them (amounts
 * as plain J$ "2500.00"), GCT's rate and registration threshold as text.
 */
export async function billingPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const settings = await readBillingSettings(context.db);
  return {
    settings,
    depositFixed: settings.deposit.fixedCents > 0 ? centsToPlain(settings.deposit.fixedCents) : "",
    gctRate: formatRate(GCT_RATE_BP),
    gctThreshold: formatCents(GCT_THRESHOLD_CENTS).replace(/\.00$/, ""),
  };
}

/** The settings a checked form stands for; the deposit figures of the rules not chosen are kept as they were. */
function settingsFromForm(value: BillingFormValue, before: BillingSettings): BillingSettings {
  const registered = value.gctRegistered === "on";
  const fixed = value.depositRule === "fixed" ? parseAmount(value.depositFixed ?? "") : null;
  return {
    gctRegistered: registered,
    trn: value.trn ? trnDigits(value.trn) : null,
    gctNumber: value.gctNumber || null,
    paymentTermsDays: value.paymentTermsDays,
    deposit: {
      rule: value.depositRule,
      percent: value.depositRule === "percent" ? Number(value.depositPercent) : before.deposit.percent,
      fixedCents: fixed?.ok ? fixed.cents : before.deposit.fixedCents,
    },
    depositHoldHours: value.depositHoldHours,
    reminderDays: value.reminderDays,
    paymentInstructions: value.paymentInstructions || null,
  };
}

/**
 * POST on /admin/billing: 'Save billing settings'. Answers the form's result (app/forms/result.ts):
 * success (the page says "Billing settings saved."), 400 with the fields' messages and the values
 * as sent (nothing stored), 503 when D1 fails. Not an admin: the redirect of `requireAdmin`,
 * before the body is read.
 */
export async function billingPageAction({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(billingFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: billingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const before = await readBillingSettings(context.db);
    await saveBillingSettings(context.db, settingsFromForm(submission.value, before), new Date());
    return data(submission.reply());
  } catch (error) {
    logFailure("billing_settings_save_failed", error);
    return data(submission.reply({ formErrors: ["The settings could not be saved. Please try again."] }), { status: 503 });
  }
}
