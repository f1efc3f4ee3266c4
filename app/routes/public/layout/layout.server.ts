/**
 * The server side of the public layout (every public page): the header's, the footer's and the
 * business's structured data's facts, from the site content.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicLayoutData } from "~/server/site";

/**
 * The public layout's loader: the company's contacts, the opening hours and service areas, the
 * shown services and whether the price guide has ranges (app/server/site `publicLayoutData`).
 * Read from the site content (`context.siteContent()`, one D1 batch at most, shared with the
 * page's own loader).
 */
export async function publicLayoutLoader({ context }: LoaderFunctionArgs) {
  return publicLayoutData(context.cloudflare.env, await context.siteContent());
}
