/** /robots.txt: everything public may be crawled; sign-in, admin and customers' status pages may not. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSiteUrl } from "~/server/platform/env.server";

export function loader({ context }: LoaderFunctionArgs) {
  const origin = readSiteUrl(context.cloudflare.env);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /status",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
