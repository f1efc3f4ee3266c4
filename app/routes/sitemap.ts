/** /sitemap.xml: every public page, from the navigation and the service list. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicPaths } from "~/content/navigation";
import { SERVICES } from "~/content/services";
import { readSiteUrl } from "~/server/platform/env.server";

export function loader({ context }: LoaderFunctionArgs) {
  const origin = readSiteUrl(context.cloudflare.env);
  const urls = publicPaths(SERVICES.map((service) => service.slug))
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
