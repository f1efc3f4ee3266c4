/**
 * A customer's page, /admin/customers/<id> (docs/product.md §14): who they are (e-mail and
 * phone as links), staff's notes, their invoices and balance ('Invoice a month of visits'), their
 * quote requests with each one's stage, contact
 * messages, visits, series, reviews, total booked, and the history of merges and splits.
 * 'Merge another customer into this one' finds the other customer by name, e-mail, phone or
 * id (a GET search, `?find=`), then asks before it merges; 'Move to a new customer' on a
 * request or message asks too. Every form works without JavaScript; each answer is shown at
 * the form that was used.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, Button, Card, Disclosure, PageHeader, PostButton, ResultForm, useBusy } from "~/components/admin/kit";
import { RepeatMark, StageBadge } from "~/components/admin/list";
import { TextareaField } from "~/components/fields";
import { FormStatus } from "~/components/form-status";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS, type AuditedEntity } from "~/domain/enumerations";
import { formatAdminDateTime } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { phoneLabel, telHref } from "~/domain/phone";
import { readResult, type FormResult } from "~/forms/result";
import { customerPageAction, customerPageLoader } from "./customer.server";
import { notesSchema } from "./schema";
import { BillingCard } from "./billing-card";

export const loader = (args: LoaderFunctionArgs) => customerPageLoader(args);
export const action = (args: ActionFunctionArgs) => customerPageAction(args);

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

const LINK = "font-semibold text-brand-800 hover:underline";

export default function CustomerPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const { customer } = page;
  return (
    <section aria-labelledby="customer-heading" className="space-y-6">
      <PageHeader
        id="customer-heading"
        title={
          <span className="inline-flex flex-wrap items-center gap-2 wrap-anywhere">
            {customer.name}
            {page.requestCount + page.messageCount >= 2 ? <RepeatMark /> : null}
          </span>
        }
        lead={`Customer since ${customer.since} · last activity ${customer.lastActivity}`}
        actions={
          <Link to="/admin/customers" className={`${LINK} inline-flex min-h-6 items-center`}>
            All customers
          </Link>
        }
      />
      <Card title="Contact" titleId="contact-heading">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact term="E-mail">
            {customer.email ? (
              <a href={`mailto:${customer.email}`} className={`${LINK} break-all`}>
                {customer.email}
              </a>
            ) : (
              "None"
            )}
          </Fact>
          <Fact term="Phone">
            {customer.phone ? (
              <a href={telHref(customer.phone)} className={`${LINK} whitespace-nowrap`}>
                {phoneLabel(customer.phone)}
              </a>
            ) : (
              "None"
            )}
          </Fact>
          <Fact term="Requests and messages">{`${counted(page.requestCount, "request", "requests")} · ${counted(page.messageCount, "message", "messages")}`}</Fact>
          <Fact term="Total booked">
            <span className="font-semibold text-slate-900" data-testid="total-booked">
              {page.booked}
            </span>
          </Fact>
        </dl>
      </Card>
      <NotesForm
        key={customer.notes ?? ""}
        notes={customer.notes}
        result={readResult(result).value("intent") === "notes" ? result : undefined}
      />
      <BillingCard data={page.billing} customerId={customer.id} />
      <Requests page={page} result={result} />
      <Messages page={page} result={result} />
      <Card title={`Visits (${page.visits.length})`} titleId="visits-heading">
        {page.visits.length === 0 ? (
          <p className="text-slate-600">No visits booked.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {page.visits.map((visit) => (
              <li key={visit.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <Link to={`/admin/quotes/${visit.quoteRequestId}`} className={LINK}>
                  {visit.label}
                </Link>
                <span className="text-slate-700">
                  {VISIT_STATUS_LABELS[visit.status]} ·{" "}
                  <span className={visit.booked ? "font-semibold" : "line-through"}>{visit.amount}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Regular cleaning (${page.series.length})`} titleId="series-heading">
        {page.series.length === 0 ? (
          <p className="text-slate-600">No regular cleaning.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {page.series.map((series) => (
              <li key={series.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <Link to={`/admin/quotes/${series.quoteRequestId}`} className={LINK}>
                  {`From ${series.starts}`}
                </Link>
                <span className="text-slate-700">{`${series.status[0]!.toUpperCase()}${series.status.slice(1)} · ${series.amount} a visit`}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Reviews (${page.reviews.length})`} titleId="reviews-heading">
        {page.reviews.length === 0 ? (
          <p className="text-slate-600">No reviews.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {page.reviews.map((review) => (
              <li key={review.id} className="space-y-1 py-2">
                <p className="font-semibold text-slate-900">
                  <span aria-label={`${review.rating} of 5 stars`}>{"★".repeat(review.rating)}</span>{" "}
                  <span className="font-normal text-slate-600">{`${review.reviewedOn} · ${review.published ? "published" : "not published"}`}</span>
                </p>
                <p className="whitespace-pre-line text-slate-700">{review.body}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <MergeForm page={page} result={result} />
      <CustomerDataCard customerId={customer.id} erasedAt={customer.erasedAt} />
      <Card title="History" titleId="history-heading">
        {page.history.length === 0 ? (
          <p className="text-slate-600">No merges or splits.</p>
        ) : (
          <ul className="space-y-2 text-sm text-slate-700" data-testid="customer-history">
            {page.history.map((note) => (
              <li key={note.id}>
                <span className="text-slate-600">{note.date}</span> · {note.body}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

/**
 * "Customer's data" (docs/product.md §14 "Their data, exported", "Their data, erased"): the export
 * and the erasure, for the admin role (the page's only readers), and the erasure's date once done.
 */
function CustomerDataCard({ customerId, erasedAt }: { customerId: string; erasedAt: Date | null }) {
  return (
    <Card title="Customer's data" titleId="customer-data-heading">
      {erasedAt ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="customer-erased">
          {`Erased on ${formatAdminDateTime(erasedAt.getTime())}. Only the issued invoices keep the name.`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href={`/admin/customers/${customerId}/export`} className={`${LINK} inline-flex min-h-6 items-center`}>
          Export their data (ZIP)
        </a>
        <Link
          to={`/admin/customers/${customerId}/erase`}
          className="inline-flex min-h-6 items-center font-semibold text-red-700 hover:underline"
        >
          Erase this customer
        </Link>
      </div>
    </Card>
  );
}

/** "1 request", "2 requests". */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-slate-800">{children}</dd>
    </div>
  );
}

/** Staff's notes about the customer: one textarea and 'Save notes', its answer beside the button. */
function NotesForm({ notes, result }: { notes: string | null; result: FormResult | undefined }) {
  const busy = useBusy();
  const navigation = useNavigation();
  const [form, fields] = useAdminForm(notesSchema, { id: "customer-notes", result, intent: "notes" });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "notes";
  return (
    <Card title="Notes" titleId="notes-heading">
      <ResultForm preventScrollReset {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="notes" />
        <TextareaField
          meta={fields.notes}
          label="Staff notes"
          hint="Only staff see these: the gate code, who to ask for, what they like."
          rows={4}
          maxLength={TEXT_LIMITS.note}
          defaultValue={typeof fields.notes.initialValue === "string" ? fields.notes.initialValue : (notes ?? "")}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={busy}>{saving ? "Saving..." : "Save notes"}</Button>
        </div>
        <div id={form.errorId}>
          {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
          {result?.status === "success" && !saving ? <FormStatus tone="success">Notes saved.</FormStatus> : null}
        </div>
      </ResultForm>
    </Card>
  );
}

/** 'Move to a new customer' for one request or message, with its confirmation and its refusal. */
function SplitControl({ entity, id, what, result }: { entity: AuditedEntity; id: string; what: string; result: FormResult | undefined }) {
  const refused = readResult(result, { intent: "split", record: id }).error("");
  return (
    <div className="space-y-2">
      {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
      <Disclosure summary="Move to a new customer" subject={what} tone="danger">
        <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <p>{`Make a new customer from ${what}'s name, e-mail and phone, and move it there? Its visits, series and reviews go with it.`}</p>
          <PostButton fields={{ intent: "split", entity, record: id }} variant="danger" subject={what}>
            Yes, move it
          </PostButton>
        </div>
      </Disclosure>
    </div>
  );
}

function Requests({ page, result }: { page: Page; result: FormResult | undefined }) {
  return (
    <Card title={`Quote requests (${page.requestCount})`} titleId="requests-heading">
      {page.requests.length === 0 ? (
        <p className="text-slate-600">No quote requests.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="customer-requests">
          {page.requests.map((request) => (
            <li key={request.id} className="space-y-2 py-3" data-request={request.id}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={`/admin/quotes/${request.id}`} className={`${LINK} inline-flex min-h-6 items-center`}>
                  {request.reference ?? "Quote request"}
                </Link>
                <StageBadge stage={request.stage} />
                <span className="text-sm text-slate-600">{`${request.date} · ${SERVICE_TYPE_LABELS[request.serviceType]}`}</span>
              </div>
              <p className="text-sm wrap-anywhere text-slate-700">{`${request.name} · ${request.email} · ${request.phone} · ${request.address}`}</p>
              {page.canSplit ? (
                <SplitControl entity="quote_request" id={request.id} what={request.reference ?? "this request"} result={result} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Messages({ page, result }: { page: Page; result: FormResult | undefined }) {
  return (
    <Card title={`Contact messages (${page.messageCount})`} titleId="messages-heading">
      {page.messages.length === 0 ? (
        <p className="text-slate-600">No contact messages.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {page.messages.map((message) => (
            <li key={message.id} className="space-y-2 py-3" data-message={message.id}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={`/admin/messages/${message.id}`} className={`${LINK} inline-flex min-h-6 items-center`}>
                  {message.reference ?? "Contact message"}
                </Link>
                <Badge tone="secondary">{message.status[0]!.toUpperCase() + message.status.slice(1)}</Badge>
                <span className="text-sm text-slate-600">{message.date}</span>
              </div>
              <p className="line-clamp-2 text-sm wrap-anywhere whitespace-pre-line text-slate-700">{message.message}</p>
              {page.canSplit ? (
                <SplitControl entity="contact_message" id={message.id} what={message.reference ?? "this message"} result={result} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** 'Merge another customer into this one': a search (GET `find`), the customers it finds, each with its confirmation. */
function MergeForm({ page, result }: { page: Page; result: FormResult | undefined }) {
  const sent = readResult(result, { intent: "merge" });
  const refused = sent.error("") ?? sent.error("from");
  return (
    <Card title="Merge another customer into this one" titleId="merge-heading">
      <p className="mb-3 text-sm text-slate-700">
        {`Their requests and messages move here and their notes are added below these; ${page.customer.name} keeps this name, e-mail and phone. The other customer is then removed.`}
      </p>
      <Form method="get" preventScrollReset role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-64">
          <span className="mb-1 block text-sm font-semibold text-slate-900">Find the other customer</span>
          <input
            type="search"
            name="find"
            defaultValue={page.find}
            maxLength={TEXT_LIMITS.search}
            placeholder="Name, e-mail, phone or id"
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
        </label>
        <Button variant="secondary">Find</Button>
      </Form>
      <div className="mt-3 space-y-3">
        {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
        {page.findProblem ? (
          <FormStatus tone="error" kind="state">
            {page.findProblem}
          </FormStatus>
        ) : null}
        {page.candidates.length > 0 ? (
          <ul className="divide-y divide-slate-100" data-testid="merge-candidates">
            {page.candidates.map((other) => (
              <li key={other.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <Link to={`/admin/customers/${other.id}`} className={LINK}>
                    {other.name}
                  </Link>
                  <p className="wrap-anywhere text-slate-700">
                    {[
                      other.email,
                      other.phone,
                      counted(other.requests, "request", "requests") + ", " + counted(other.messages, "message", "messages"),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <Disclosure look="button" summary="Merge into this one" subject={other.name}>
                  <p>{`Merge ${other.name} into ${page.customer.name}? This cannot be undone, but a request can later be moved to a new customer.`}</p>
                  <PostButton fields={{ intent: "merge", from: other.id }} variant="danger" subject={other.name}>
                    Yes, merge
                  </PostButton>
                </Disclosure>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
