/**
 * /pricing (docs/product.md §13 "Price guide"): the owner's typical price ranges, a table per
 * service (property size × frequency), what changes a price, and a link to the quote form per
 * service; with structured data (schema.org `Service`, `Offer`, `PriceSpecification`). With an
 * empty guide the page still answers 200 and asks for a free quote.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { PageHero } from "~/components/public/page-hero";
import { PriceTable } from "~/components/public/price-table";
import { buttonStyles } from "~/components/ui";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { jsonForScript, pageMeta } from "~/seo";
import { pricingPageLoader } from "./pricing.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pricing",
    description:
      "Typical prices for residential, commercial, deep, Airbnb and post-construction cleaning in Montego Bay, by space size and frequency. Free, exact quotes within a day.",
  });

export const loader = (args: LoaderFunctionArgs) => pricingPageLoader(args);

export const headers = publicPageHeaders;

/** What moves a price within or beyond its range. */
const FACTORS = [
  { name: "Size of the space", detail: "More bedrooms, bathrooms or square footage take longer." },
  { name: "Type of cleaning", detail: "A deep clean or a post-construction clean does more than a regular visit." },
  { name: "How often we come", detail: "Weekly and bi-weekly visits cost less each time than a one-time clean." },
  { name: "Condition and extras", detail: "Heavy build-up, pets, inside the oven or fridge, windows and laundry add time." },
  { name: "Access and location", detail: "Stairs, parking and the distance from Montego Bay can change the price." },
];

export default function PricingPage() {
  const { tables, jsonLd } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Pricing"
        lead={
          tables.length > 0
            ? "Typical prices for our cleaning services. Pricing varies by space size, cleaning type and frequency: your exact quote is free."
            : "Our prices depend on the job; ask for a free quote."
        }
      >
        <Link to="/quote" className={buttonStyles.primary}>
          Get a Free Quote
        </Link>
      </PageHero>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:px-6 lg:py-16">
        {tables.length > 0 ? (
          <section aria-label="Typical prices" className="space-y-12">
            {tables.map((table) => (
              <div key={table.service} className="space-y-4">
                <PriceTable table={table} />
                <Link to={table.quotePath} className="inline-block font-semibold text-brand-800 underline">
                  {`Get a free quote for ${table.title}`}
                </Link>
              </div>
            ))}
            <p className="text-sm text-slate-600">
              {`Prices in Jamaican dollars (US dollars where shown), for a typical job. Your exact quote comes within ${QUOTE_REPLY_HOURS} hours.`}
            </p>
          </section>
        ) : (
          <section aria-label="Ask for a quote" className="rounded-2xl bg-brand-50 p-8 text-center">
            <h2 className="font-display text-2xl font-bold text-brand-900">Our prices depend on the job; ask for a free quote</h2>
            <p className="mt-2 text-slate-700">{`Tell us about the space and how often you need us. We reply within ${QUOTE_REPLY_HOURS} hours.`}</p>
            <Link to="/quote" className={`${buttonStyles.secondary} mt-6`}>
              Get a Free Quote
            </Link>
          </section>
        )}

        <section aria-labelledby="price-factors" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
          <h2 id="price-factors" className="font-display text-2xl font-bold text-slate-900">
            What changes a price
          </h2>
          <p className="mt-2 text-slate-700">Pricing varies by space size, cleaning type and frequency. We also look at:</p>
          <dl className="mt-6 grid gap-5 sm:grid-cols-2">
            {FACTORS.map((factor) => (
              <div key={factor.name}>
                <dt className="font-semibold text-slate-900">{factor.name}</dt>
                <dd className="mt-1 text-slate-700">{factor.detail}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 text-slate-700">
            Photos help us quote accurately.{" "}
            <Link to="/quote" className="font-semibold text-brand-800 underline">
              Ask for your free quote
            </Link>
          </p>
        </section>
      </div>
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} /> : null}
    </>
  );
}
