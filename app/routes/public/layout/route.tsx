/**
 * Wraps every public page in the shared header and footer (docs/product.md §2) and carries the
 * business's structured data and the speculation rules for navigations between public pages.
 */
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PUBLIC_PAGE } from "~/cache-control";
import { FormStatus } from "~/components/form-status";
import { SiteFooter } from "~/components/public/site-footer";
import { SiteHeader } from "~/components/public/site-header";
import { SpeculationRulesScript } from "~/document-inlines";
import { businessJsonLd } from "~/seo";
import { publicLayoutLoader } from "./layout.server";
import { useSite } from "~/components/hooks/site-data";
import { StructuredData } from "~/components/public/structured-data";

/** Public pages may be kept by any cache; a page that sets a cookie is made private by the Worker. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE });

/** The company's contacts, hours, areas and services for the header, footer and structured data. */
export const loader = (args: LoaderFunctionArgs) => publicLayoutLoader(args);

export default function PublicLayout() {
  const site = useSite();
  const publicSite = useLoaderData<typeof loader>();
  if (!site) throw new Error("The root loader did not run");
  return (
    <>
      <SiteHeader companyName={site.companyName} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {site.notice ? (
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <FormStatus tone={site.notice.tone}>{site.notice.text}</FormStatus>
          </div>
        ) : null}
        <Outlet />
      </main>
      <SiteFooter site={publicSite} year={site.year} />
      <StructuredData data={import.meta.env.SSR ? businessJsonLd(publicSite, site.origin) : null} />
      <SpeculationRulesScript />
    </>
  );
}
