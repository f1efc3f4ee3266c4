/** The server side of /faq (docs/product.md §2 "FAQ"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** /faq: every FAQ, in the owner's order. */
export async function faqPageLoader({ context }: LoaderFunctionArgs) {
  return { faqs: (await context.siteContent()).faqs };
}
