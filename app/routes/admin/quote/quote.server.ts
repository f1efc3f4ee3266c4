/**
 * The server side of /admin/quotes/:id: the record page of a quote request
 * (../+shared/record-page.server.ts) with what only a quote request has: its stage (read
 * through app/server/lifecycle), the Visit card (booking's visits of the request, and its
 * forms), the price guide's range for its service, size and frequency, the confirmation panel
 * asked for (`?confirm=complete`) and the lifecycle forms (./lifecycle.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guideRangeFor, priceGuideHint } from "~/domain/price-guide";
import { staffVisitForms } from "~/forms/booking";
import { LIFECYCLE_INTENTS, lifecycleForms } from "./schema";
import { z } from "~/forms/zod";
import { isRepeatCustomer } from "~/server/inbox";
import { readStage } from "~/server/lifecycle";
import { stageView } from "../+shared/record-list.server";
import { lifecycleAction } from "./lifecycle.server";
import { staffVisitAction } from "../+shared/visit-action.server";
import { readVisitCard, visitCardData } from "./visit-card.server";
import { readRequestInvoices, requestInvoices } from "./invoices-card.server";
import type { RecordRow } from "~/server/platform";
import { recordPageAction, recordPageLoader } from "../+shared/record-page.server";

/** The intents of the Visit card's forms, read from their schema (`staffVisitForms`), so a new staff intent needs no change here. */
const VISIT_INTENTS: ReadonlySet<string> = new Set(
  staffVisitForms.options.flatMap((form) => {
    const intent = form.shape.intent;
    return "options" in intent ? intent.options : [...intent.values];
  }),
);

/**
 * The quote request's page: the record page's data, plus `stage` (StageView, as the list shows
 * it), `visit` (the Visit card), `priceGuide` ("Price guide: J$14,000-18,000" for the request's
 * service, size and frequency, or null when the guide has no range for them), `confirm`
 * ("complete" when `?confirm=complete` asks for the confirmation panel, else null),
 * `repeat` (the customer has another request or message), `invoices` (the Invoices card,
 * ./invoices-card.server.ts) and `customerHref` (the customer's
 * page, when the request is matched to a customer). Throws the
 * redirect of requireAdmin or a 404.
 */
export function quoteLoader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  const confirm = new URL(request.url).searchParams.get("confirm") === "complete" ? ("complete" as const) : null;
  return recordPageLoader(args, "quote_request", async (record) => {
    // Every read of the page's own parts needs only the record: one round trip, side by side.
    const [visitReads, priceGuide, facts, repeat, invoiceReads] = await Promise.all([
      readVisitCard(context.db, record),
      priceGuideOf(context.siteContent, record),
      readStage(context.db, record.id),
      isRepeatCustomer(context.db, "quote_request", record.id),
      readRequestInvoices(context.db, record),
    ]);
    const visit = visitCardData(visitReads);
    return {
      visit,
      priceGuide,
      stage: facts ? stageView(facts) : null,
      repeat,
      confirm,
      invoices: requestInvoices(invoiceReads, { priced: facts?.priced ?? false, visits: visit.visits }),
      customerHref: record.customerId ? `/admin/customers/${record.customerId}` : null,
    };
  });
}

/** "Price guide: J$14,000-18,000" for a quote request's service, size and frequency, or null when the guide has no range for them. */
async function priceGuideOf(
  siteContent: () => Promise<{ prices: Parameters<typeof guideRangeFor>[0] }>,
  record: RecordRow<"quote_request">,
) {
  const range = guideRangeFor((await siteContent()).prices, {
    service: record.serviceType,
    size: record.propertySize,
    frequency: record.frequency,
  });
  return range ? priceGuideHint(range) : null;
}

/** POST on the quote request's page: the record page's forms, the Visit card's (the staff visit action) and the lifecycle forms. */
export function quoteAction(args: ActionFunctionArgs) {
  return recordPageAction(args, "quote_request", {
    schema: z.union([staffVisitForms, lifecycleForms]),
    intents: new Set([...VISIT_INTENTS, ...LIFECYCLE_INTENTS]),
    act: (request, context, id, actorUserId, formData) =>
      LIFECYCLE_INTENTS.has(String(formData.get("intent")))
        ? lifecycleAction(request, context, id, actorUserId, formData)
        : staffVisitAction(request, context, id, actorUserId, formData),
  });
}
