/** /sitemap.xml: every public page, from the navigation and the service list. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapLoader } from "./sitemap.server";

export const loader = (args: LoaderFunctionArgs) => sitemapLoader(args);
