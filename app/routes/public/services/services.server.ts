/** The server side of /services (docs/product.md §2 "Services overview"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shownServices } from "~/server/site";

/** /services: the shown services' cards, in the owner's order. */
export async function servicesPageLoader({ context }: LoaderFunctionArgs) {
  return { services: shownServices(await context.siteContent()) };
}
