/** The server side of /privacy (docs/product.md §2 "Privacy notice"). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/**
 * /privacy: the owner's retention periods the notice states (`{ periods: { photoMonths,
 * neverBookedMonths } }`, whole months), read with the public content
 * (`context.publicContent()`: the same one D1 batch as the layout's content, none when the
 * isolate holds it at the request's content version). Never throws: when D1 cannot be read, the
 * last periods read or the defaults, and the page is not cached.
 */
export async function privacyPageLoader({ context }: LoaderFunctionArgs) {
  return { periods: (await context.publicContent()).retention };
}
