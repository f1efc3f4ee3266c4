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
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { QUOTABLE_STATUSES, QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";
import { recordPageAction, recordPageLoader } from "~/server/inbox/routes.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/photo-index";

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => recordPageLoader(args, "quote_request");
export const action = (args: ActionFunctionArgs) => recordPageAction(args, "quote_request");

export default function QuoteDetail() {
  const { record: quote, photos, history, firstReply, composer, mails, visit, windows } = useLoaderData<typeof loader>();
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
      extra={<VisitCard visit={visit} windows={windows} bookable={quote.status === "quoted"} />}
    />
  );
}

/**
 * The request's visit: what is booked, with 'Cancel visit' behind a confirmation; or, while it
 * is quoted, 'Book for the customer' (a day and an arrival window, as on the phone), with the
 * same rules as the customer's own booking.
 */
function VisitCard({
  visit,
  windows,
  bookable,
}: {
  visit: string | null;
  windows: Array<{ start: string; label: string }>;
  bookable: boolean;
}) {
  const result = readResult(useActionData<FormResult>(), { intent: "book" });
  return (
    <Card title="Visit" titleId="visit-heading">
      {visit ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold text-slate-900" data-testid="visit">{`Booked: ${visit}`}</p>
          <Disclosure look="button" summary="Cancel visit">
            <p>Cancel this visit? The customer is e-mailed and can book another day while the quote is valid.</p>
            <PostButton fields={{ intent: "cancel-visit" }} variant="danger">
              Yes, cancel the visit
            </PostButton>
          </Disclosure>
        </div>
      ) : bookable ? (
        <Form method="post" className="space-y-3">
          {result.error("") ? <FormStatus tone="error">{result.error("")}</FormStatus> : null}
          <input type="hidden" name="intent" value="book" />
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
            <Button>Book for the customer</Button>
          </div>
        </Form>
      ) : (
        <p className="text-slate-600">Not booked. A visit can be booked once the request is quoted.</p>
      )}
    </Card>
  );
}
