/**
 * /services/:slug: one service's page (docs/product.md §2 "Service detail pages"): what is
 * included, who it is for, how a visit goes, 'Back to Services', a call to action to contact,
 * and a quote link that preselects this service. Unknown slugs are the 404 page.
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { ReviewsSection } from "~/components/public/reviews";
import { servicePageLoader } from "./service.server";
import { CheckList } from "~/components/public/highlights";
import { Icon } from "~/components/icon";
import { SectionHeading } from "~/components/public/page-hero";
import { Picture } from "~/components/picture";
import { buttonStyles } from "~/components/ui";
import { PROMISES } from "~/content/business";
import { pageMeta } from "~/seo";
import { useSite } from "~/components/hooks/site-data";
import { NotFoundMessage } from "../not-found/route";

export const loader = (args: LoaderFunctionArgs) => servicePageLoader(args);

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const service = args.data?.service;
  if (!service) return pageMeta(args, { title: "Page not found", description: "", noindex: true });
  return pageMeta(args, { title: service.title, description: service.description, image: service.photo });
};

export default function ServicePage() {
  const { service, others, reviews } = useLoaderData<typeof loader>();
  const site = useSite();
  const quoteHref = `/quote?service=${service.serviceType}`;
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-16">
          <div>
            <Link to="/services" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-100 hover:text-white">
              <Icon name="arrowLeft" className="size-4" /> Back to Services
            </Link>
            <h1 className="mt-6 font-display text-4xl leading-tight font-bold sm:text-5xl">{service.title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-brand-100">{service.intro}</p>
            <div className="mt-8 flex flex-col gap-4 sm:flex-row">
              <Link to={quoteHref} className={buttonStyles.primary}>
                Get a Free Quote
              </Link>
              <Link
                to="/contact"
                className="inline-flex items-center justify-center rounded-full border-2 border-white/80 px-6 py-3 font-semibold text-white hover:bg-white/10"
              >
                Contact Us
              </Link>
            </div>
          </div>
          <div className="overflow-hidden rounded-2xl">
            <Picture photo={service.photo} sizes="(min-width: 1024px) 600px, 100vw" priority className="aspect-[4/3] w-full object-cover" />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="included-heading" className="lg:col-span-2">
          <SectionHeading id="included-heading" title="What is included" />
          <CheckList items={service.included} className="mt-6 space-y-3" />

          <h2 id="visit-heading" className="mt-14 font-display text-3xl font-bold text-slate-900">
            How a visit goes
          </h2>
          <ol aria-labelledby="visit-heading" className="mt-6 grid gap-4 sm:grid-cols-2">
            {service.visit.map((step, index) => (
              <li key={step.step} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
                <span className="flex size-9 items-center justify-center rounded-full bg-sun-300 font-bold text-brand-950">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{step.step}</h3>
                <p className="mt-1 leading-relaxed text-slate-700">{step.detail}</p>
              </li>
            ))}
          </ol>
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="ideal-heading" className="rounded-2xl bg-brand-50 p-6">
            <h2 id="ideal-heading" className="font-display text-xl font-bold text-brand-900">
              Who it is for
            </h2>
            <CheckList items={service.idealFor} className="mt-4 space-y-2" />
          </section>
          <section aria-labelledby="promise-heading" className="rounded-2xl border border-brand-100 bg-white p-6">
            <h2 id="promise-heading" className="font-display text-xl font-bold text-brand-900">
              Every visit comes with
            </h2>
            <CheckList items={PROMISES} className="mt-4 space-y-2" />
          </section>
        </aside>
      </div>

      <ReviewsSection published={reviews} origin={site?.origin ?? ""} title={`What ${service.title.toLowerCase()} customers say`} />

      <section aria-labelledby="cta-heading" className="below-fold bg-sun-300">
        <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="cta-heading" className="font-display text-3xl font-bold text-brand-950">
              Questions about {service.title.toLowerCase()}?
            </h2>
            <p className="mt-2 text-lg text-brand-950">Talk to us, or ask for a free quote for this service.</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link to="/contact" className={buttonStyles.secondary}>
              Contact Us
            </Link>
            <Link
              to={quoteHref}
              className="inline-flex items-center rounded-full border-2 border-brand-950 px-6 py-3 font-semibold text-brand-950 hover:bg-sun-400"
            >
              Get a Free Quote
            </Link>
          </div>
        </div>
      </section>

      <nav aria-labelledby="others-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="others-heading" className="font-display text-2xl font-bold text-slate-900">
          Other services
        </h2>
        <ul className="mt-6 flex flex-wrap gap-3">
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/services/${other.slug}`}
                className="inline-block rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-800 hover:bg-brand-50"
              >
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** An unknown service: the product's 404 page inside the site's header and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  throw error;
}
