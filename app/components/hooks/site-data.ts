/**
 * The hooks that read the data every page shares: the root's (app/seo.ts `SiteData`, on every
 * page, staff ones included; it reads no database) and the public layout's (`PublicSiteData`,
 * on public pages only; it comes from the site content). The loaders are app/root.tsx's and
 * app/routes/public/layout/layout.server.ts's.
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import type { PublicSiteData } from "~/seo";

/** The root's data with the notice and the year; undefined only while an error is drawn above the root. */
export function useSite() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The public layout's data; undefined outside the public pages. */
export function usePublicSite() {
  return useRouteLoaderData<PublicSiteData>("routes/public/layout/route");
}
