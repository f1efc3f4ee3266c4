/**
 * The server side of /admin/quotes/:id: the record page of a quote request
 * (../+shared/record-page.server.ts) with what only a quote request has: the Visit card
 * (booking's visits of the request, and its forms) and the price guide's range for its service,
 * size and frequency.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guideRangeFor, priceGuideHint } from "~/domain/price-guide";
import { staffVisitForms } from "~/forms/booking";
import { staffVisitAction } from "../+shared/visit-action.server";
import { visitCardData } from "./visit-card.server";
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
 * The quote request's page: the record page's data, plus `visit` (the Visit card) and
 * `priceGuide` ("Price guide: J$14,000-18,000" for the request's service, size and frequency,
 * or null when the guide has no range for them). Throws the redirect of requireAdmin or a 404.
 */
export function quoteLoader(args: LoaderFunctionArgs) {
  const { context } = args;
  return recordPageLoader(args, "quote_request", async (record) => {
    const [visit, priceGuide] = await Promise.all([visitCardData(context.db, record.id), priceGuideOf(context.siteContent, record)]);
    return { visit, priceGuide };
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

/** POST on the quote request's page: the record page's forms, and the Visit card's (the staff visit action). */
export function quoteAction(args: ActionFunctionArgs) {
  return recordPageAction(args, "quote_request", { schema: staffVisitForms, intents: VISIT_INTENTS, act: staffVisitAction });
}
