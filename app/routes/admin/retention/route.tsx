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
import { FormStatus, FormSummary } from "~/components/form-field";
import { InputField } from "~/components/fields";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import type { FormResult } from "~/forms/result";
import { retentionPageAction, retentionPageLoader } from "./retention.server";
import { retentionFormSchema } from "./schema";

export const loader = (args: LoaderFunctionArgs) => retentionPageLoader(args);
export const action = (args: ActionFunctionArgs) => retentionPageAction(args);

// Conform's metadata of any one field (its value type does not matter here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export default function RetentionPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section aria-labelledby="retention-heading" className="space-y-8">
      <PageHeader id="retention-heading" title={RETENTION_MESSAGES.title} lead={RETENTION_MESSAGES.lead} />
      {/* Drawn anew from the settings once a save changed them. */}
      <SettingsForm key={JSON.stringify(page.settings)} page={page} result={result} />
    </section>
  );
}

function SettingsForm({ page, result }: { page: ReturnType<typeof useLoaderData<typeof loader>>; result: FormResult | undefined }) {
  const busy = useBusy();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields, { action, summary }] = useAdminForm(retentionFormSchema, { id: "retention-settings", result });
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
            defaultValue={initial(fields.photoMonths, page.settings.photoMonths)}
          />
          <InputField
            meta={fields.neverBookedMonths}
            type="text"
            label={RETENTION_MESSAGES.neverBookedLabel}
            inputMode="numeric"
            hint={RETENTION_MESSAGES.neverBookedHint}
            defaultValue={initial(fields.neverBookedMonths, page.settings.neverBookedMonths)}
          />
        </div>
        <p className="text-sm text-slate-700">{RETENTION_MESSAGES.mailBodies}</p>
        <p className="text-sm text-slate-700">{RETENTION_MESSAGES.notice}</p>
        <Button disabled={busy}>{saving ? "Saving..." : RETENTION_MESSAGES.save}</Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700">{page.lastRun}</p>
    </Card>
  );
}
