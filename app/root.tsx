import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  useLocation,
  useRouteLoaderData,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { isStaffPath, PRIVATE } from "~/cache-control";
import type { SiteData } from "~/seo";
import { todayInJamaica } from "~/domain/dates";
import { ERROR_PAGE_MESSAGES } from "~/domain/texts/error-page-messages";
import { takeNotice } from "~/http/flash.server";
import { readCompanyName, readPublicFeatures, readSiteUrl } from "~/server/platform";
import { SiteStyles, StartHydrationScript } from "~/document-inlines";
import { ScrollRestoration } from "~/components/scroll-restoration";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Every page is private unless its layout says otherwise (public pages: app/routes/public/layout/route.tsx). */
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE });

/**
 * The root's data (the company's name, the origin, the year and a pending notice) does not depend on
 * the query. A navigation that stays on the same path with `?photo=` before or after it (the
 * photo viewer of an admin record page stepping, opening or closing) keeps it, so the viewer
 * asks the server for nothing (app/components/admin/photo-index.ts). Every other navigation reloads
 * it, a redirect back to the same page included, so a notice set on the way always shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.pathname === args.nextUrl.pathname &&
  (args.currentUrl.searchParams.has("photo") || args.nextUrl.searchParams.has("photo"))
    ? false
    : args.defaultShouldRevalidate;

/**
 * The root route's data, for every page, public or staff: the company's name (`[vars]`), the
 * public features from `[vars]`, the site's origin (SITE_URL), the footer's year in Jamaica (the
 * page cache keys pages by Jamaica's date too), and a one-time notice (signed out, access
 * denied, …) when one is pending, with the header that clears it. It reads no database.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { notice, headers } = await takeNotice(request);
  const site = { companyName: readCompanyName(env), features: readPublicFeatures(env), origin: readSiteUrl(env) };
  return data({ ...site, notice, year: todayInJamaica().slice(0, 4) }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  // Marks that the page's scripts ran and React took over the server's markup.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-JM">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f524f" />
        <Meta />
        {/* Links first: the hero photo's preload is found before the stylesheet's text arrives. */}
        <Links />
        <SiteStyles />
        {site && !isStaffPath(location.pathname) ? <AnalyticsTags features={site.features} /> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-900"
        >
          Skip to main content
        </a>
        {children}
        <ScrollRestoration />
        <StartHydrationScript />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The analytics tags, only when an id is configured in [vars]; with none, no third-party
 * script loads. Events are pushed to window.dataLayer by app/analytics.ts.
 */
function AnalyticsTags({ features }: { features: SiteData["features"] }) {
  return (
    <>
      {features.ga4Id ? (
        <>
          <script async src={`https://www.googletagmanager.com/gtag/js?id=${features.ga4Id}`} />
          <script
            dangerouslySetInnerHTML={{
              __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${JSON.stringify(features.ga4Id)});`,
            }}
          />
        </>
      ) : null}
      {features.cfAnalyticsToken ? (
        <script
          defer
          src="https://static.cloudflareinsights.com/beacon.min.js"
          data-cf-beacon={JSON.stringify({ token: features.cfAnalyticsToken })}
        />
      ) : null}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort for errors outside the public layout; never shows error details. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="mx-auto max-w-xl flex-1 px-6 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">
        {status === 404
          ? "Oops! Page not found"
          : status === 405
            ? ERROR_PAGE_MESSAGES.methodNotAllowed
            : status < 500
              ? ERROR_PAGE_MESSAGES.refused
              : "Something went wrong on our side."}
      </h1>
      <p className="mt-4 text-slate-600">{status < 500 && status !== 404 ? ERROR_PAGE_MESSAGES.goHome : "Please try again in a moment."}</p>
      {status >= 500 ? (
        <p className="mt-2 text-sm text-slate-500">
          Reference: <code data-request-id="">unknown</code>
        </p>
      ) : null}
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </main>
  );
}
