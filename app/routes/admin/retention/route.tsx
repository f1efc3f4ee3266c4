/**
 * /admin/retention (docs/product.md §17 "Retention"): the owner's retention periods, one form
 * saved whole: months after a request is closed before its photos are deleted, and months after
 * their last activity before never-booked requests and contact messages are anonymised; the
 * outbox's 90 days for mail texts shown, not editable; the daily job's last run. A plain POST to
 * this page, so it works without JavaScript; a refused form keeps the values as sent, each
 * refused field with its message.
 */
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Card, PageHeader, useBusy } from "~/components/admin/kit";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import type { FormResult } from "~/forms/result";
import type { RetentionSettings } from "~/server/retention";
import { retentionPageAction, retentionPageLoader } from "./retention.server";
import { retentionFormSchema } from "./schema";

export const loader = (args: LoaderFunctionArgs) => retentionPageLoader(args);
export const action = (args: ActionFunctionArgs) => retentionPageAction(args);

// Conform's metadata of any one field (its value type does not matter here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export default function RetentionPage() {
  const { settings, lastRun } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section aria-labelledby="retention-heading" className="space-y-8">
      <PageHeader id="retention-heading" title={RETENTION_MESSAGES.title} lead={RETENTION_MESSAGES.lead} />
      {/* Drawn anew from the settings once a save changed them. */}
      <PeriodsForm key={`${settings.photoMonths}-${settings.neverBookedMonths}`} settings={settings} lastRun={lastRun} result={result} />
    </section>
  );
}

/** The two periods' form, the mail texts' fixed period and the last run. */
function PeriodsForm({ settings, lastRun, result }: { settings: RetentionSettings; lastRun: string; result?: FormResult }) {
  const [form, fields, { action, summary }] = useAdminForm(retentionFormSchema, { id: "retention-settings", result });
  const saving = useNavigation().state === "submitting";
  const busy = useBusy();
  // After a refusal the fields show what was sent; otherwise the saved settings.
  const sent = result && result.status !== "success" ? result : null;
  const initial = (meta: Meta, saved: number) => (sent ? (typeof meta.initialValue === "string" ? meta.initialValue : "") : String(saved));
  return (
    <Card title="Periods" titleId="retention-settings-heading">
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="space-y-6">
        <div id={form.errorId} className="[&:not(:empty)]:mb-2">
          <FormSummary summary={summary} />
          {result?.status === "success" && !saving ? <FormStatus tone="success">{RETENTION_MESSAGES.saved}</FormStatus> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.photoMonths}
            type="text"
            label={RETENTION_MESSAGES.photoLabel}
            inputMode="numeric"
            hint={RETENTION_MESSAGES.photoHint}
            defaultValue={initial(fields.photoMonths, settings.photoMonths)}
          />
          <InputField
            meta={fields.neverBookedMonths}
            type="text"
            label={RETENTION_MESSAGES.neverBookedLabel}
            inputMode="numeric"
            hint={RETENTION_MESSAGES.neverBookedHint}
            defaultValue={initial(fields.neverBookedMonths, settings.neverBookedMonths)}
          />
        </div>
        <p className="text-sm text-slate-700">{RETENTION_MESSAGES.mailBodies}</p>
        <p className="text-sm text-slate-700">{RETENTION_MESSAGES.notice}</p>
        <Button disabled={busy}>{saving ? "Saving..." : RETENTION_MESSAGES.save}</Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700">{lastRun}</p>
    </Card>
  );
}
