/**
 * / : the home page (docs/product.md §2 "Home"). In-page ids: services, faq, quote, contact.
 */
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { DeferredContactSection } from "~/components/public/deferred-contact-section";
import { ReviewsSection } from "~/components/public/reviews";
import { FaqAccordion } from "~/components/public/faq-accordion";
import { HighlightCards } from "~/components/public/highlights";
import { Icon } from "~/components/icon";
import { SectionHeading } from "~/components/public/page-hero";
import { Picture, preloadPhoto } from "~/components/picture";
import { ServiceCard } from "~/components/public/service-card";
import { ServiceCarousel } from "~/components/public/service-carousel";
import { buttonStyles } from "~/components/ui";
import { PROMISES, WHY_CHOOSE } from "~/content/business";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { CAROUSEL_SLIDES } from "~/content/services";
import { pageMeta } from "~/seo";
import { homePageLoader } from "./home.server";
import { usePublicSite, useSite } from "~/components/hooks/site-data";

const HERO_PHOTO = "teamWithEquipment";
const HERO_SIZES = "100vw";

export const links: LinksFunction = () => [preloadPhoto(HERO_PHOTO, HERO_SIZES)];

export const loader = (args: LoaderFunctionArgs) => homePageLoader(args);

export const headers = publicPageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Professional Cleaning Services in Montego Bay, Jamaica",
    description:
      "Residential, commercial, industrial kitchen, post-construction, strata and Airbnb cleaning in Montego Bay, Rose Hall, Ironshore and Reading. Free estimates, eco-friendly supplies, licensed and insured.",
  });

export default function Home() {
  const site = useSite();
  const publicSite = usePublicSite();
  const { flash, contactConstraint, reviews, hero, services, faqs } = useLoaderData<typeof loader>();
  const shown = new Set(services.map((service) => service.slug));
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-950">
        <Picture
          photo={HERO_PHOTO}
          sizes={HERO_SIZES}
          alt=""
          priority
          className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950 via-brand-950/80 to-brand-950/10" />
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:py-36">
          <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{publicSite?.business.serviceAreas.join(" · ")}</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight font-bold text-white sm:text-6xl">{hero.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-50">
            {hero.lead} Trusted by {hero.trustedBy} clients.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Link to="/quote" className={buttonStyles.primary}>
              Get a Free Quote
            </Link>
            <Link
              to="/services"
              className="inline-flex items-center justify-center rounded-full border-2 border-white/80 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              Our Services
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-brand-50">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <Icon name="check" className="size-4 text-sun-300" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="below-fold mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="why-heading"
          eyebrow="Our promise"
          title={`Why Choose ${site?.companyName ?? "Us"}`}
          lead="A cleaning company you can hand your keys to: reliable people, safe products and a promise we keep."
          center
        />
        <HighlightCards items={WHY_CHOOSE} className="mt-12" />
      </section>

      <section id="services" aria-labelledby="services-heading" className="below-fold bg-sand-100 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="services-heading"
            eyebrow="Our Services"
            title="Cleaning for every kind of space"
            lead="From family homes to restaurant kitchens, each service has its own checklist and a team trained for it."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} compact />
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/services" className={buttonStyles.outline}>
              View All Services
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="work-heading" className="below-fold mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading id="work-heading" eyebrow="Our Work" title="What we take care of" />
        <div className="mt-10">
          <ServiceCarousel slides={CAROUSEL_SLIDES.filter((slide) => shown.has(slide.slug))} />
        </div>
      </section>

      <section aria-labelledby="difference-heading" className="below-fold bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">The result</p>
            <h2 id="difference-heading" className="mt-2 font-display text-3xl font-bold sm:text-4xl">
              See the Difference
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-brand-100">
              Limescale gone from the shower glass. Grease lifted from the stovetop. Builders&apos; dust off every ledge. A clean you notice
              the moment you walk in.
            </p>
            <Link to="/gallery" className={`${buttonStyles.primary} mt-8`}>
              View the Gallery
            </Link>
          </div>
          <div className="overflow-hidden rounded-2xl">
            <Picture photo="hardwoodMop" sizes="(min-width: 1024px) 600px, 100vw" className="aspect-[16/10] w-full object-cover" />
          </div>
        </div>
      </section>

      <ReviewsSection published={reviews} origin={site?.origin ?? ""} title="What our customers say" />

      <section id="faq" aria-labelledby="faq-heading" className="below-fold mx-auto max-w-3xl px-4 py-20 sm:px-6">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Questions we hear often" center />
        <div className="mt-10">
          <FaqAccordion faqs={faqs} group="home-faq" />
        </div>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to="/faq" className={buttonStyles.outline}>
            View All FAQs
          </Link>
          <Link to="/contact" className={buttonStyles.secondary}>
            Contact Us
          </Link>
        </div>
      </section>

      <section id="quote" aria-labelledby="quote-heading" className="below-fold bg-sun-300">
        <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="quote-heading" className="font-display text-3xl font-bold text-brand-950">
              Get a free, no-obligation quote
            </h2>
            <p className="mt-2 text-lg text-brand-950">Tell us about the job and we reply within {QUOTE_REPLY_HOURS} hours.</p>
          </div>
          <Link to="/quote" className={`${buttonStyles.secondary} shrink-0`}>
            Get a Free Quote
          </Link>
        </div>
      </section>

      {site && publicSite ? (
        <section id="contact" aria-labelledby="contact-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <DeferredContactSection
            company={publicSite.company}
            returnTo="/"
            flash={flash}
            constraint={contactConstraint}
            turnstileSiteKey={site.features.turnstileSiteKey}
          />
        </section>
      ) : null}
    </>
  );
}
