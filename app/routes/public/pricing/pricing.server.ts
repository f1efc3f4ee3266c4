/** The server side of /pricing (docs/product.md §13 "Price guide"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSiteUrl } from "~/server/platform";
import { pricingPage } from "~/server/site";

/** /pricing's data: the tables of the listed ranges and their structured data (null when the guide is empty), app/server/site `pricingPage`. */
export async function pricingPageLoader({ context }: LoaderFunctionArgs) {
  return pricingPage(await context.siteContent(), readSiteUrl(context.cloudflare.env));
}
