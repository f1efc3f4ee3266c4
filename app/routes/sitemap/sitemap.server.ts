/** The server side of /sitemap.xml. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSiteUrl } from "~/server/platform";
import { sitemapXml } from "~/server/site";
import { CRAWLER_FILE_CACHE } from "../robots/robots.server";

/** /sitemap.xml: every public page (app/server/site `sitemapXml`), kept an hour by any cache. */
export async function sitemapLoader({ context }: LoaderFunctionArgs) {
  const xml = sitemapXml(readSiteUrl(context.cloudflare.env), await context.siteContent());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE },
  });
}
