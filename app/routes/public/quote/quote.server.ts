/**
 * The server side of /quote (docs/product.md §2 "Quote page"): its loader (today's date in
 * Jamaica for the date field, the service `?service=<type>` preselects, the list of services
 * under the names the site content gives them, the one-time success message, the price guide
 * and the form's HTML constraints) and its action, the shared
 * visitor-form action (app/http/visitor-form-action.server.ts) for a quote request.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPES } from "~/domain/enumerations";
import { guideRangeFor, typicalPriceSentence } from "~/domain/price-guide";
import { takeFlash } from "~/http/flash.server";
import { visitorFormAction } from "~/http/visitor-form-action.server";
import { serviceTypeOptions } from "~/server/site";
import { QUOTE_CONSTRAINT } from "~/server/visitor-forms";

/**
 * The quote page's data; its flash cookie is cleared with the answer. `prices`: the price
 * guide's ranges (whole dollars), which the form shows as a typical price once a service and
 * a size are chosen; `typicalPrice`: after a success, the sentence of the request's range
 * (null without one); `services`: the service select's options, each service type under its
 * service's title in the site content (a renamed service shows its new name; `serviceTypeOptions`).
 */
export async function quotePageLoader({ request, context }: LoaderFunctionArgs) {
  const service = new URL(request.url).searchParams.get("service");
  const preselected = SERVICE_TYPES.find((type) => type === service) ?? null;
  const [{ flash, headers }, content] = await Promise.all([takeFlash(request, "quote"), context.siteContent()]);
  const range = flash?.label ? guideRangeFor(content.prices, { service: flash.label, size: flash.size, frequency: flash.frequency }) : null;
  return data(
    {
      today: todayInJamaica(),
      preselected,
      services: serviceTypeOptions(content),
      flash,
      typicalPrice: range ? typicalPriceSentence(range) : null,
      prices: content.prices,
      constraint: QUOTE_CONSTRAINT,
    },
    { headers },
  );
}

/** A posted quote form: a stored quote request and a redirect to /quote, or the refused form. */
export const quotePageAction = (args: ActionFunctionArgs) => visitorFormAction(args, "quote_request");
