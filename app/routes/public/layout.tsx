/**
 * Wraps every public page in the shared header and footer (docs/product.md §2) and carries the
 * business's structured data and the speculation rules for navigations between public pages.
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { PUBLIC_PAGE } from "~/cache-control";
import { FormStatus } from "~/components/form-field";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SpeculationRulesScript } from "~/document-inlines";
import type { loader as rootLoader } from "~/root";
import { businessJsonLd, jsonForScript } from "~/seo";

/** Public pages may be kept by any cache; a page that sets a cookie is made private by the Worker. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE });

export default function PublicLayout() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  if (!site) throw new Error("The root loader did not run");
  return (
    <>
      <SiteHeader companyName={site.company.name} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {site.notice ? (
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <FormStatus tone={site.notice.tone}>{site.notice.text}</FormStatus>
          </div>
        ) : null}
        <Outlet />
      </main>
      <SiteFooter site={site} year={site.year} hasPrices={site.hasPrices} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(businessJsonLd(site)) }} />
      <SpeculationRulesScript />
    </>
  );
}
