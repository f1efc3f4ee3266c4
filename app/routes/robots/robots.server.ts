/** The server side of /robots.txt. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSiteUrl } from "~/server/platform";
import { robotsTxt } from "~/server/site";

/** robots.txt and sitemap.xml may be kept an hour by any cache. */
export const CRAWLER_FILE_CACHE = "public, max-age=3600";

/** /robots.txt: everything public may be crawled; sign-in, admin and customers' status and review pages may not (app/server/site `robotsTxt`). */
export function robotsLoader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(readSiteUrl(context.cloudflare.env)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE },
  });
}
