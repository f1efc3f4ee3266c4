/**
 * /admin/quotes/:id: one quote request with every field, its stage beside its status, 'Send
 * quote', its e-mails, its photos, its history and its internal notes ('Add note'); after
 * 'Mark Quoted' without a price, 'Add the price you gave by phone'; 'Complete' confirmed on the
 * page (`?confirm=complete`, with what is still scheduled); 'Cancel request' with a reason and
 * 'Reopen' (docs/product.md §4 "Status updates").
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import {
  ADMIN_INPUT,
  AdminCheckbox,
  AdminInput,
  AdminTextarea,
  Badge,
  Button,
  buttonClass,
  Card,
  Disclosure,
  PostButton,
  ResultForm,
  textLinkClass,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { readResult, type FormResult } from "~/forms/result";
import { AdminDetailFrame } from "~/components/admin/detail";
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS } from "~/domain/enumerations";
import { QUOTE_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import { LIFECYCLE_MESSAGES } from "~/domain/texts/staff-messages";
import { QUOTABLE_STATUSES, QUOTE_BADGES, QUOTE_CANCEL_FROM, QUOTE_REOPEN_FROM, QUOTE_STEPS } from "~/domain/status";
import { ScopeChoice, VisitSlotForm } from "../+shared/visit-slot-form";
import { quoteAction, quoteLoader } from "./quote.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/admin/photo-index";
import { InvoicesCard } from "./invoices-card";

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/admin/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => quoteLoader(args);
export const action = (args: ActionFunctionArgs) => quoteAction(args);

/** The lifecycle forms' intents: each shows its own result at its form. */
const LIFECYCLE_FORM_INTENTS = ["phone-price", "complete", "cancel-request", "reopen"] as const;

export default function QuoteDetail() {
  const {
    record: quote,
    photos,
    history,
    firstReply,
    composer,
    mails,
    visit,
    priceGuide,
    stage,
    repeat,
    confirm,
    invoices,
    customerHref,
  } = useLoaderData<typeof loader>();
  const unpriced = quote.status === "quoted" && stage !== null && !stage.priced;
  return (
    <AdminDetailFrame
      stage={stage}
      repeat={repeat}
      customerHref={customerHref}
      ownIntents={LIFECYCLE_FORM_INTENTS}
      lead={
        <>
          {confirm === "complete" ? <ConfirmComplete status={quote.status} visit={visit} /> : null}
          {unpriced ? <PhonePrice /> : null}
        </>
      }
      back={{ to: "/admin/quotes", label: "All quote requests" }}
      record={quote}
      subtitle={`${quote.reference ? `${quote.reference} · ` : ""}${SERVICE_TYPE_LABELS[quote.serviceType]} · received ${quote.date}`}
      badge={QUOTE_BADGES[quote.status]}
      step={QUOTE_STEPS[quote.status]}
      fields={[
        ["Email", quote.email],
        ["Phone", quote.phone],
        ["Property address", quote.address],
        ["Service type", SERVICE_TYPE_LABELS[quote.serviceType]],
        ["Property size", quote.propertySize ? PROPERTY_SIZE_LABELS[quote.propertySize] : null],
        ["Frequency", quote.frequency ? FREQUENCY_LABELS[quote.frequency] : null],
        ["Preferred date", quote.preferredDate],
        ["Additional information", quote.additionalInfo],
      ]}
      photos={photos}
      history={history}
      firstReply={firstReply}
      composer={{ ...composer, priceGuide }}
      canCompose={QUOTABLE_STATUSES.includes(quote.status)}
      mails={mails}
      extra={
        <>
          {visit ? <VisitCard card={visit} bookable={quote.status === "quoted" && !unpriced} customerHref={customerHref} /> : null}
          <InvoicesCard data={invoices} quoteRequestId={quote.id} customerHref={customerHref} />
          <RequestCard status={quote.status} />
        </>
      }
    />
  );
}

/** A lifecycle form's refusal, at the form (the record page's action answers it with the form's result). */
function useLifecycleError(intent: (typeof LIFECYCLE_FORM_INTENTS)[number]) {
  return readResult(useActionData<FormResult>(), { intent });
}

/** The scheduled visits of the request, soonest first, as the confirmation panel lists them. */
function scheduledLabels(card: VisitCardData | null): string[] {
  if (!card) return [];
  const labels = new Map<string, string>();
  for (const each of card.visits) if (each.status === "scheduled") labels.set(each.id, each.label);
  for (const each of card.series?.visits ?? []) if (each.status === "scheduled" && !labels.has(each.id)) labels.set(each.id, each.label);
  return [...labels.values()];
}

/**
 * 'Complete', confirmed (`?confirm=complete`): what is still scheduled, and with visits ahead the
 * tick that cancels them with it (the customer is e-mailed as for any cancelled visit); the real
 * submit; 'Not now' back to the record.
 */
function ConfirmComplete({ status, visit }: { status: string; visit: VisitCardData | null }) {
  const { pathname } = useLocation();
  const result = useLifecycleError("complete");
  const ahead = scheduledLabels(visit);
  if (status !== "quoted") {
    return (
      <Card title={LIFECYCLE_MESSAGES.confirmComplete} titleId="confirm-heading">
        <p className="text-slate-700">{`This request is ${status}: there is nothing to complete.`}</p>
      </Card>
    );
  }
  return (
    <Card title={LIFECYCLE_MESSAGES.confirmComplete} titleId="confirm-heading">
      <ResultForm className="space-y-3" data-testid="confirm-complete">
        {result.error("") ? <FormStatus tone="error">{result.error("")}</FormStatus> : null}
        <input type="hidden" name="intent" value="complete" />
        {ahead.length === 0 ? (
          <p className="text-slate-700">{LIFECYCLE_MESSAGES.nothingScheduled}</p>
        ) : (
          <>
            <p className="font-semibold text-slate-900">{LIFECYCLE_MESSAGES.stillScheduled}</p>
            <ul className="list-disc space-y-1 pl-5 text-slate-700" aria-label="Visits still scheduled">
              {ahead.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
            <AdminCheckbox id="cancel-visits" name="cancelVisits" value="1" label={LIFECYCLE_MESSAGES.cancelVisitsWith} />
          </>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button>Yes, complete</Button>
          <Link to={pathname} className={buttonClass("outline", "md")}>
            Not now
          </Link>
        </div>
      </ResultForm>
    </Card>
  );
}

/**
 * After 'Mark Quoted' without a price: the record says the customer cannot book online yet, and
 * offers (not forces) the price given by phone, recorded as a quote without e-mailing it unless
 * 'E-mail the customer the booking link' is ticked.
 */
function PhonePrice() {
  const result = useLifecycleError("phone-price");
  const error = (name: string) => result.error(name) ?? undefined;
  return (
    <Card title={LIFECYCLE_MESSAGES.addPhonePrice} titleId="phone-price">
      <p className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="unpriced">
        {LIFECYCLE_MESSAGES.unpriced}
      </p>
      <ResultForm className="grid gap-4 sm:grid-cols-2">
        {result.error("") ? (
          <div className="sm:col-span-2">
            <FormStatus tone="error">{result.error("")}</FormStatus>
          </div>
        ) : null}
        <input type="hidden" name="intent" value="phone-price" />
        <AdminInput
          id="phone-amount-jmd"
          name="amountJmd"
          label="Amount (JMD)"
          inputMode="numeric"
          required
          defaultValue={result.value("amountJmd") ?? ""}
          error={error("amountJmd")}
        />
        <AdminInput
          id="phone-amount-usd"
          name="amountUsd"
          label="Amount (USD, optional)"
          inputMode="numeric"
          defaultValue={result.value("amountUsd") ?? ""}
          error={error("amountUsd")}
        />
        <AdminInput
          id="phone-valid-days"
          name="validDays"
          label="Valid for (days)"
          type="number"
          min={QUOTE_LIMITS.minValidDays}
          max={QUOTE_LIMITS.maxValidDays}
          required
          defaultValue={result.value("validDays") ?? String(QUOTE_LIMITS.defaultValidDays)}
          error={error("validDays")}
        />
        <AdminTextarea
          id="phone-included"
          name="included"
          label="What is included (optional)"
          rows={2}
          maxLength={TEXT_LIMITS.quoteIncluded}
          defaultValue={result.value("included") ?? ""}
          error={error("included")}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <AdminCheckbox id="phone-mail" name="mail" value="1" label={LIFECYCLE_MESSAGES.mailBookingLink} />
        </div>
        <div className="sm:col-span-2">
          <Button>Save the price</Button>
        </div>
      </ResultForm>
    </Card>
  );
}

/**
 * 'Cancel request' (a pending or quoted request: a reason, kept in the history, and 'Tell the
 * customer'; its scheduled visits are cancelled and an active regular cleaning ended with it) and
 * 'Reopen' (a completed or cancelled one, with an optional reason).
 */
function RequestCard({ status }: { status: "pending" | "quoted" | "completed" | "cancelled" }) {
  const cancel = useLifecycleError("cancel-request");
  const reopen = useLifecycleError("reopen");
  const canCancel = QUOTE_CANCEL_FROM.includes(status);
  const canReopen = QUOTE_REOPEN_FROM.includes(status);
  if (!canCancel && !canReopen) return null;
  return (
    <Card title="Request" titleId="request-heading">
      {canCancel ? (
        <Disclosure look="button" summary="Cancel request" open={Boolean(cancel.error("") || cancel.error("reason"))}>
          <ResultForm className="mt-3 space-y-3">
            {cancel.error("") ? <FormStatus tone="error">{cancel.error("")}</FormStatus> : null}
            <input type="hidden" name="intent" value="cancel-request" />
            <AdminTextarea
              id="cancel-reason"
              name="reason"
              label="Reason"
              hint="Kept in the history; sent to the customer only if you tick 'Tell the customer'."
              rows={2}
              required
              maxLength={TEXT_LIMITS.note}
              defaultValue={cancel.value("reason") ?? ""}
              error={cancel.error("reason") ?? undefined}
            />
            <AdminCheckbox id="cancel-tell" name="tell" value="1" label={LIFECYCLE_MESSAGES.tellCustomer} />
            <p className="text-sm text-slate-700">Any scheduled visit is cancelled with it, and an active regular cleaning ends.</p>
            <Button variant="danger">Yes, cancel the request</Button>
          </ResultForm>
        </Disclosure>
      ) : (
        <Disclosure summary="Reopen" open={Boolean(reopen.error(""))}>
          <ResultForm className="mt-3 space-y-3">
            {reopen.error("") ? <FormStatus tone="error">{reopen.error("")}</FormStatus> : null}
            <input type="hidden" name="intent" value="reopen" />
            <AdminTextarea
              id="reopen-reason"
              name="reason"
              label="Reason (optional)"
              rows={2}
              maxLength={TEXT_LIMITS.note}
              defaultValue={reopen.value("reason") ?? ""}
              error={reopen.error("reason") ?? undefined}
            />
            <Button variant="secondary">Reopen the request</Button>
          </ResultForm>
        </Disclosure>
      )}
    </Card>
  );
}

/**
 * The request's visits. A scheduled one with 'Move visit' (a day and an arrival window, as on the
 * phone), 'Mark done' from its day on, and 'Cancel visit' behind a confirmation; while it is
 * quoted with a price and nothing is scheduled, 'Book for the customer', with the same rules as the
 * customer's own booking. Below, each visit with its history.
 */
function VisitCard({ card, bookable, customerHref }: { card: VisitCardData; bookable: boolean; customerHref: string | null }) {
  const { scheduled, visits, total, earlier, windows, repeat, series } = card;
  const history = <VisitHistory visits={visits} earlier={earlier} customerHref={customerHref} />;
  return (
    <Card title="Visit" titleId="visit-heading">
      <div className="space-y-4">
        {scheduled ? (
          <>
            <p className="font-semibold text-slate-900" data-testid="visit">{`Booked: ${scheduled.label}`}</p>
            <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold text-slate-800">Address</dt>
              <dd className="wrap-anywhere">{scheduled.address}</dd>
              <dt className="font-semibold text-slate-800">Service</dt>
              <dd>{scheduled.service}</dd>
              <dt className="font-semibold text-slate-800">Price</dt>
              <dd>{scheduled.price}</dd>
              {scheduled.included ? (
                <>
                  <dt className="font-semibold text-slate-800">Included</dt>
                  <dd className="whitespace-pre-line">{scheduled.included}</dd>
                </>
              ) : null}
            </dl>
            <NotesForm notes={scheduled.notes} />
            <div className="flex flex-wrap items-start gap-3">
              <Disclosure summary="Move visit" className="min-h-10 content-center">
                <VisitSlotForm intent="move-visit" windows={windows} submit="Move the visit" />
              </Disclosure>
              {scheduled.canMarkDone ? (
                <PostButton fields={{ intent: "visit-done" }} variant="secondary">
                  Mark done
                </PostButton>
              ) : null}
              <Disclosure look="button" summary="Cancel visit">
                <p>Cancel this visit? The customer is e-mailed and can book another day while the quote is valid.</p>
                <PostButton fields={{ intent: "cancel-visit" }} variant="danger">
                  Yes, cancel the visit
                </PostButton>
              </Disclosure>
            </div>
          </>
        ) : bookable && !series ? (
          <VisitSlotForm intent="book" windows={windows} submit="Book for the customer" repeat={repeat} />
        ) : (
          <p className="text-slate-600">
            {visits.length > 0 ? "No visit is scheduled." : "Not booked. A visit can be booked once the request has a quote with a price."}
          </p>
        )}
        {series ? <RegularVisits series={series} windows={windows} /> : null}
        {visits.length > 0 && series ? (
          <Disclosure summary={`Visits and their history (${total})`} className="border-t border-slate-200 pt-4">
            {history}
          </Disclosure>
        ) : visits.length > 0 ? (
          <div className="border-t border-slate-200 pt-4">{history}</div>
        ) : null}
      </div>
    </Card>
  );
}

/** The request's newest visits, with their status and history, and how many earlier ones are not shown, with a link to the customer's visits. */
function VisitHistory({
  visits,
  earlier,
  customerHref,
}: {
  visits: VisitCardData["visits"];
  earlier: number;
  customerHref: string | null;
}) {
  return (
    <>
      <ul className="mt-3 space-y-3 first:mt-0" aria-label="Visits">
        {visits.map((visit) => (
          <li key={visit.id}>
            <p className="text-sm font-semibold text-slate-900">
              {visit.label} <span className="font-normal text-slate-600">{`(${VISIT_STATUS_LABELS[visit.status].toLowerCase()})`}</span>
            </p>
            {visit.awaitingDeposit ? (
              <p className="text-sm font-semibold text-amber-900" data-deposit>
                {visit.awaitingDeposit}
              </p>
            ) : null}
            <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
              {visit.changes.map((change) => (
                <li key={change.key}>{`${change.when}: ${change.text}`}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {earlier > 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="earlier-visits">
          {`${earlier} earlier ${earlier === 1 ? "visit is" : "visits are"} not shown here. `}
          {customerHref ? (
            <Link to={`${customerHref}#visits-heading`} className={textLinkClass()}>
              {"The customer's visits"}
            </Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

type VisitCardData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["visit"]>;

/** The scheduled visit's notes for the crew (a gate code, a dog, where the key is), with 'Save notes'. */
function NotesForm({ notes }: { notes: string }) {
  const result = readResult(useActionData<FormResult>(), { intent: "visit-notes" });
  const error = result.error("notes") ?? result.error("");
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="visit-notes" />
      <label className="block">
        <span className="text-sm font-semibold text-slate-800">Notes for the crew</span>
        <textarea
          name="notes"
          rows={2}
          defaultValue={result.value("notes") ?? notes}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "visit-notes-error" : undefined}
          className={`${ADMIN_INPUT} mt-1`}
        />
      </label>
      {error ? (
        <p id="visit-notes-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button variant="secondary">Save notes</Button>
    </Form>
  );
}

/**
 * The regular cleaning: how it repeats (paused or not) and its visits of the next 60 days, each
 * scheduled one with its own 'Move' and 'Cancel', for this visit only or (a visit of the current
 * series) this and all later ones.
 */
function RegularVisits({ series, windows }: { series: NonNullable<VisitCardData["series"]>; windows: VisitCardData["windows"] }) {
  const result = readResult(useActionData<FormResult>());
  const refusedFor = result.value("visitId");
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <p className="font-semibold text-slate-900" data-testid="series">
        {`Regular cleaning: ${series.label}`}{" "}
        {series.paused ? (
          <Badge tone="waiting" className="ml-1">
            Paused
          </Badge>
        ) : null}
      </p>
      <ul className="divide-y divide-slate-100" aria-label="Regular visits, next 60 days">
        {series.visits.map((visit) => (
          <li key={visit.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-2 text-sm">
            <span className="min-w-0 grow basis-full text-slate-900 sm:basis-auto">
              {visit.label} <span className="text-slate-600">{`(${VISIT_STATUS_LABELS[visit.status].toLowerCase()})`}</span>
            </span>
            {visit.status === "scheduled" ? (
              <>
                <Disclosure
                  summary="Move"
                  subject={visit.label}
                  open={refusedFor === visit.id && result.value("intent") === "move-visit"}
                  className="open:basis-full"
                >
                  <VisitSlotForm
                    intent="move-visit"
                    visitId={visit.id}
                    windows={windows}
                    submit="Move"
                    scope={visit.inSeries && !series.paused}
                  />
                </Disclosure>
                <Disclosure
                  summary="Cancel"
                  subject={visit.label}
                  tone="danger"
                  open={refusedFor === visit.id && result.value("intent") === "cancel-visit"}
                  className="open:basis-full"
                >
                  <CancelVisitForm visitId={visit.id} scope={visit.inSeries} />
                </Disclosure>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Cancels one visit of the regular cleaning, or (`scope`) it and all later ones, with the form's refusal. */
function CancelVisitForm({ visitId, scope }: { visitId: string; scope: boolean }) {
  const result = readResult(useActionData<FormResult>(), { intent: "cancel-visit", visitId });
  return (
    <Form method="post" preventScrollReset className="mt-2 space-y-2">
      {result.error("") ? <FormStatus tone="error">{result.error("")}</FormStatus> : null}
      <input type="hidden" name="intent" value="cancel-visit" />
      <input type="hidden" name="visitId" value={visitId} />
      {scope ? <ScopeChoice name="cancel" /> : null}
      <p className="text-slate-700">The customer is e-mailed.</p>
      <Button variant="danger" size="sm">
        Yes, cancel
      </Button>
    </Form>
  );
}
