/**
 * /admin/billing (docs/product.md §15): the owner's billing settings, one form saved whole.
 * 'Registered for GCT' with the business's TRN and GCT registration number (GCT may be charged
 * only once registered; registration is due above the yearly threshold); the payment terms; the
 * deposit asked for a booking made online (none, a percentage or a fixed amount) and the hours
 * the customer has to pay it before the window is released; the days after the due date of the
 * one automatic reminder (0: off); the payment instructions printed on every invoice. A plain
 * POST to this page, so it works without JavaScript; a refused form keeps the values as sent,
 * each refused field with its message.
 */
import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Card, PageHeader, useBusy } from "~/components/admin/kit";
import { FieldErrors } from "~/components/form-field";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField, TextareaField } from "~/components/fields";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import type { DepositRule } from "~/domain/enumerations";
import type { FormResult } from "~/forms/result";
import { billingPageAction, billingPageLoader } from "./billing.server";
import { BILLING_LIMITS, billingFormSchema } from "./schema";

export const loader = (args: LoaderFunctionArgs) => billingPageLoader(args);
export const action = (args: ActionFunctionArgs) => billingPageAction(args);

const DEPOSIT_CHOICES: ReadonlyArray<{ rule: DepositRule; label: string }> = [
  { rule: "none", label: "No deposit" },
  { rule: "percent", label: "A percentage of the price" },
  { rule: "fixed", label: "A fixed amount" },
];

// Conform's metadata of any one field (its value type does not matter here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export default function BillingPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section aria-labelledby="billing-heading" className="space-y-8">
      <PageHeader
        id="billing-heading"
        title="Billing settings"
        lead="What every invoice says and asks: GCT, when payment is due, the deposit for a booking made online, the reminder of an unpaid invoice and how to pay."
      />
      {/* Drawn anew from the settings once a save changed them. */}
      <SettingsForm key={JSON.stringify(page.settings)} page={page} result={result} />
    </section>
  );
}

function SettingsForm({ page, result }: { page: ReturnType<typeof useLoaderData<typeof loader>>; result: FormResult | undefined }) {
  const busy = useBusy();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields, { action, summary }] = useAdminForm(billingFormSchema, { id: "billing-settings", result });
  const { settings } = page;
  // After a refusal the fields show what was sent; otherwise the saved settings.
  const sent = result && result.status !== "success" ? result : null;
  const initial = (meta: Meta, saved: string) => (sent ? (typeof meta.initialValue === "string" ? meta.initialValue : "") : saved);
  const rule = (sent ? fields.depositRule.initialValue : settings.deposit.rule) as DepositRule | undefined;
  const registered = sent ? fields.gctRegistered.initialValue === "on" : settings.gctRegistered;
  return (
    <Card title="Invoices and payments" titleId="billing-settings-heading">
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="space-y-8">
        <div id={form.errorId} className="[&:not(:empty)]:mb-2">
          <FormSummary summary={summary} />
          {result?.status === "success" && !saving ? <FormStatus tone="success">Billing settings saved.</FormStatus> : null}
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">General Consumption Tax (GCT)</legend>
          <p className="text-sm text-slate-700" id="gct-hint">
            {`A business must register for GCT with Tax Administration Jamaica once its taxable sales pass ${page.gctThreshold} in twelve months, and may charge GCT only once registered. When ticked, invoices add GCT at ${page.gctRate} and are titled "Tax Invoice" with the TRN and GCT registration number below; invoices already issued keep what they say.`}
          </p>
          <label htmlFor={fields.gctRegistered.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              {...getInputProps(fields.gctRegistered, { type: "checkbox", value: "on", ariaDescribedBy: "gct-hint" })}
              key={fields.gctRegistered.key}
              defaultChecked={registered}
              className="size-4 accent-brand-700"
            />
            Registered for GCT
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              meta={fields.trn}
              type="text"
              label="TRN"
              hint="The business's Taxpayer Registration Number: 9 digits. Required when registered for GCT."
              inputMode="numeric"
              autoComplete="off"
              defaultValue={initial(fields.trn, settings.trn ?? "")}
            />
            <InputField
              meta={fields.gctNumber}
              type="text"
              label="GCT registration number"
              hint="As on the registration certificate. Required when registered for GCT."
              autoComplete="off"
              defaultValue={initial(fields.gctNumber, settings.gctNumber ?? "")}
            />
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.paymentTermsDays}
            type="text"
            label="Payment terms (days)"
            inputMode="numeric"
            hint={`Days after the visit an invoice is due, ${BILLING_LIMITS.paymentTermsDays.min} to ${BILLING_LIMITS.paymentTermsDays.max}; 0 = due on the day of the visit.`}
            defaultValue={initial(fields.paymentTermsDays, String(settings.paymentTermsDays))}
          />
          <InputField
            meta={fields.reminderDays}
            type="text"
            label="Automatic reminder (days after the due date)"
            inputMode="numeric"
            hint={`One e-mail with the invoice's link, once, when an invoice is still unpaid this many days after its due date; ${BILLING_LIMITS.reminderDays.min} to ${BILLING_LIMITS.reminderDays.max}, 0 = off.`}
            defaultValue={initial(fields.reminderDays, String(settings.reminderDays))}
          />
        </div>

        <fieldset
          className="space-y-3"
          aria-describedby={`deposit-hint${fields.depositRule.errors?.length ? ` ${fields.depositRule.errorId}` : ""}`}
        >
          <legend className="text-sm font-semibold text-slate-900">Deposit for a booking made online</legend>
          <p id="deposit-hint" className="text-sm text-slate-700">
            {"The customer pays it to confirm the booking; the visit's invoice deducts it. Bookings staff make are not asked for one."}
          </p>
          <div className="space-y-2">
            {DEPOSIT_CHOICES.map((choice) => (
              <label key={choice.rule} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={fields.depositRule.name}
                  value={choice.rule}
                  defaultChecked={rule === choice.rule}
                  className="size-4 accent-brand-700"
                />
                {choice.label}
              </label>
            ))}
          </div>
          <FieldErrors errorId={fields.depositRule.errorId} errors={fields.depositRule.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              meta={fields.depositPercent}
              type="text"
              label="Percentage (%)"
              inputMode="numeric"
              hint={`With 'A percentage': ${BILLING_LIMITS.depositPercent.min} to ${BILLING_LIMITS.depositPercent.max}, of the price before GCT, rounded to the dollar.`}
              defaultValue={initial(fields.depositPercent, String(settings.deposit.percent))}
            />
            <InputField
              meta={fields.depositFixed}
              type="text"
              label="Fixed amount (J$)"
              inputMode="decimal"
              hint="With 'A fixed amount': for example 5000 or 5,000.00; never more than the price."
              defaultValue={initial(fields.depositFixed, page.depositFixed)}
            />
          </div>
          <InputField
            meta={fields.depositHoldHours}
            type="text"
            label="Hours to pay the deposit"
            inputMode="numeric"
            className="sm:max-w-xs"
            hint={`After this many hours unpaid, the booking's window is released. ${BILLING_LIMITS.depositHoldHours.min} to ${BILLING_LIMITS.depositHoldHours.max}.`}
            defaultValue={initial(fields.depositHoldHours, String(settings.depositHoldHours))}
          />
        </fieldset>

        <TextareaField
          meta={fields.paymentInstructions}
          label="Payment instructions"
          rows={5}
          maxLength={BILLING_LIMITS.paymentInstructions}
          hint={`Shown on every invoice: the bank, account name and number, branch, a Lynk handle. Up to ${BILLING_LIMITS.paymentInstructions.toLocaleString("en-US")} characters.`}
          defaultValue={initial(fields.paymentInstructions, settings.paymentInstructions ?? "")}
        />

        <Button disabled={busy}>{saving ? "Saving..." : "Save billing settings"}</Button>
      </Form>
    </Card>
  );
}
