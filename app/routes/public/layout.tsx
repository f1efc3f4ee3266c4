/** Wraps every public page in the shared header and footer (product spec §2). */
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { loader as rootLoader } from "~/root";

export default function PublicLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) throw new Error("The root loader did not run");
  return (
    <>
      <SiteHeader companyName={root.company.name} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter company={root.company} />
    </>
  );
}
