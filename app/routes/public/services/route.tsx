/** /services: the services overview (docs/product.md §2 "Services overview"). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { PageHero } from "~/components/public/page-hero";
import { ServiceCard } from "~/components/public/service-card";
import { buttonStyles } from "~/components/ui";
import { PRICING_FACTORS } from "~/content/business";
import { pageMeta } from "~/seo";
import { servicesPageLoader } from "./services.server";

export const loader = (args: LoaderFunctionArgs) => servicesPageLoader(args);

export const headers = publicPageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cleaning Services",
    description:
      "Residential deep cleaning, commercial, industrial kitchen, post-construction, strata and Airbnb turnover cleaning across Montego Bay. Free estimates.",
    image: "moppingLivingRoom",
  });

/** "Six services", "One service": the lead counts the services shown. */
function servicesCount(count: number): string {
  const words = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
  return `${words[count] ?? count} ${count === 1 ? "service" : "services"}`;
}

export default function Services() {
  const { services } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title="Professional cleaning for homes, businesses and rentals"
        lead={`${servicesCount(services.length)}, each with its own checklist and a team trained for it. Every estimate is free.`}
      />
      <section aria-label="All services" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <li key={service.slug}>
              <ServiceCard service={service} heading="h2" priority={index === 0} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="custom-heading" className="below-fold mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-brand-900 p-8 text-white sm:p-12 lg:flex-row lg:items-center">
          <div className="max-w-2xl">
            <h2 id="custom-heading" className="font-display text-3xl font-bold">
              Custom Solutions Available
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-brand-100">
              Something that does not fit a box? A one-off event clean, a mix of services or an unusual space: tell us what you need.
              Pricing depends on {PRICING_FACTORS}.
            </p>
          </div>
          <Link to="/quote" className={`${buttonStyles.primary} shrink-0`}>
            Request Custom Quote
          </Link>
        </div>
      </section>
    </>
  );
}
