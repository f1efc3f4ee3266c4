/**
 * /admin/quotes/:id: one quote request with every field, 'Send quote', its e-mails, its
 * photos, its history and its internal notes ('Add note').
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_INPUT, Button, Card, Disclosure, PostButton } from "~/components/admin-kit";
import { FormStatus } from "~/components/form-field";
import { readResult, type FormResult } from "~/forms/result";
import { AdminDetailFrame } from "~/components/admin-detail";
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS } from "~/domain/enumerations";
import { QUOTABLE_STATUSES, QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";
import { recordPageAction, recordPageLoader } from "~/server/inbox/routes.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/photo-index";

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => recordPageLoader(args, "quote_request");
export const action = (args: ActionFunctionArgs) => recordPageAction(args, "quote_request");

export default function QuoteDetail() {
  const { record: quote, photos, history, firstReply, composer, mails, visit } = useLoaderData<typeof loader>();
  return (
    <AdminDetailFrame
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
      composer={composer}
      canCompose={QUOTABLE_STATUSES.includes(quote.status)}
      mails={mails}
      extra={visit ? <VisitCard card={visit} bookable={quote.status === "quoted"} /> : null}
    />
  );
}

/**
 * The request's visits. A scheduled one with 'Move visit' (a day and an arrival window, as on the
 * phone), 'Mark done' from its day on, and 'Cancel visit' behind a confirmation; while it is
 * quoted and nothing is scheduled, 'Book for the customer', with the same rules as the
 * customer's own booking. Below, each visit with its history.
 */
function VisitCard({ card, bookable }: { card: VisitCardData; bookable: boolean }) {
  const { scheduled, visits, windows } = card;
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
                <SlotForm intent="move-visit" windows={windows} submit="Move the visit" />
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
        ) : bookable ? (
          <SlotForm intent="book" windows={windows} submit="Book for the customer" />
        ) : (
          <p className="text-slate-600">
            {visits.length > 0 ? "No visit is scheduled." : "Not booked. A visit can be booked once the request is quoted."}
          </p>
        )}
        {visits.length > 0 ? (
          <ul className="space-y-3 border-t border-slate-200 pt-4" aria-label="Visits">
            {visits.map((visit) => (
              <li key={visit.id}>
                <p className="text-sm font-semibold text-slate-900">
                  {visit.label} <span className="font-normal text-slate-600">{`(${VISIT_STATUS_LABELS[visit.status].toLowerCase()})`}</span>
                </p>
                <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
                  {visit.changes.map((change) => (
                    <li key={change.key}>{`${change.when}: ${change.text}`}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
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

/** A day and an arrival window, for booking (`book`) or moving (`move-visit`) the visit, with the form's refusal. */
function SlotForm({ intent, windows, submit }: { intent: "book" | "move-visit"; windows: VisitCardData["windows"]; submit: string }) {
  const result = readResult(useActionData<FormResult>(), { intent });
  return (
    <Form method="post" className="space-y-3">
      {result.error("") ? <FormStatus tone="error">{result.error("")}</FormStatus> : null}
      <input type="hidden" name="intent" value={intent} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">Day</span>
          <input type="date" name="day" required className={`${ADMIN_INPUT} mt-1`} />
        </label>
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">Arrival window</span>
          <select name="windowStart" required className={`${ADMIN_INPUT} mt-1`}>
            {windows.map((window) => (
              <option key={window.start} value={window.start}>
                {window.label}
              </option>
            ))}
          </select>
        </label>
        <Button>{submit}</Button>
      </div>
    </Form>
  );
}
