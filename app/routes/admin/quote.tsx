/**
 * /admin/quotes/:id: one quote request with every field, 'Send quote', its e-mails, its
 * photos, its history and its internal notes ('Add note').
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
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
  const { record: quote, photos, history, firstReply, composer, mails, visit } = useLoaderData<typeof loader>();
  return (
    <AdminDetailFrame
      back={{ to: "/admin/quotes", label: "All quote requests" }}
      record={quote}
      subtitle={`${quote.reference ? `${quote.reference} · ` : ""}${SERVICE_TYPE_LABELS[quote.serviceType]} · received ${quote.date}`}
      badge={QUOTE_BADGES[quote.status]}
      step={QUOTE_STEPS[quote.status]}
      fields={[
        ["Booked visit", visit ?? "Not booked"],
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
    />
  );
}
