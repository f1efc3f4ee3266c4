/**
 * /admin/customers/<id>/erase (docs/product.md §14 "Their data, erased"): an admin erases a
 * customer's data. The page says what is erased and what is kept (the issued invoices keep the
 * name, docs/decisions/024-erasure.md) and asks for two confirmations: the customer's name (or
 * the word ERASE) typed, and a box ticked. A plain form: it works without JavaScript. Outside the
 * admin frame, so that a signed-in non-admin gets this route's 403 and not the frame's redirect.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Card, PageHeader } from "~/components/admin/kit";
import { InputField } from "~/components/fields";
import { FormSummary } from "~/components/form-status";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { ADMIN_HEADERS } from "~/cache-control";
import { CUSTOMER_ERASE_MESSAGES } from "~/domain/texts/staff-messages";
import type { FormResult } from "~/forms/result";
import { customerEraseAction, customerEraseLoader } from "./customer-erase.server";
import { eraseSchema } from "./schema";

export const meta: MetaFunction = () => [{ title: "Erase a customer's data" }, { name: "robots", content: "noindex" }];
export const headers = () => ADMIN_HEADERS;
export const loader = (args: LoaderFunctionArgs) => customerEraseLoader(args);
export const action = (args: ActionFunctionArgs) => customerEraseAction(args);

const LINK = "font-semibold text-brand-800 hover:underline";

export default function CustomerErasePage() {
  const { customer } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const erasing = navigation.state === "submitting";
  const [form, fields, { action: resultAction, summary }] = useAdminForm(eraseSchema, { id: "erase", result });
  const understood = fields.understood;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader
        id="erase-heading"
        title={`Erase ${customer.name}'s data`}
        lead={customer.erasedOn ? `This customer's data was erased on ${customer.erasedOn}.` : "This cannot be undone."}
        actions={
          <Link to={`/admin/customers/${customer.id}`} className={`${LINK} inline-flex min-h-6 items-center`}>
            Back to the customer
          </Link>
        }
      />
      <Card title="What is erased, what is kept" titleId="erase-what-heading">
        <div className="space-y-3 text-sm text-slate-800">
          <p>
            Erased: their name, e-mail, phone and address everywhere (the customer, their quote requests and messages, visits and regular
            cleaning, the e-mails sent to them), what they wrote, staff notes and replies about them, the crews&apos; notes, their reviews,
            and their photos. Their status page, visit calendar and review links stop working. Draft invoices are deleted.
          </p>
          <p>
            Kept: the issued invoices and credit notes with their payments, under the customer&apos;s name only (their e-mail, phone and
            address are removed from them), for six years, as Tax Administration Jamaica requires. Dates, amounts and services stay for the
            figures, without anything that names them.
          </p>
          <p>Consider exporting their data first if they asked for a copy.</p>
        </div>
      </Card>
      <Card title="Confirm the erasure" titleId="erase-confirm-heading">
        <Form method="post" action={resultAction} {...getFormProps(form)} className="space-y-4">
          <div id={form.errorId} className="[&:not(:empty)]:mb-4">
            <FormSummary summary={summary} />
          </div>
          <InputField
            meta={fields.confirm}
            type="text"
            label={`Type the customer's name (${customer.name}) or the word ${CUSTOMER_ERASE_MESSAGES.word}`}
            autoComplete="off"
          />
          <div>
            <label htmlFor={understood.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                {...getInputProps(understood, { type: "checkbox", value: "on" })}
                key={understood.key}
                className="size-4 accent-brand-700"
              />
              I understand that this cannot be undone.
            </label>
            {understood.errors?.length ? (
              <p id={understood.errorId} className="mt-1 text-sm text-red-700">
                {understood.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <Button variant="danger" disabled={erasing}>
            {erasing ? "Erasing..." : "Erase this customer's data"}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
