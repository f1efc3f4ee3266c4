/** The server side of /about (docs/product.md §2 "About"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** /about: the story and the figures, from the business facts. */
export async function aboutPageLoader({ context }: LoaderFunctionArgs) {
  const { story, stats } = (await context.siteContent()).business;
  return { story, stats };
}
