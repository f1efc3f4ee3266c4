/** /about: the company story, its figures and 'Why Choose Us?' (docs/product.md §2 "About"). */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { HighlightCards } from "~/components/public/highlights";
import { PageHero, SectionHeading } from "~/components/public/page-hero";
import { Picture, preloadPhoto } from "~/components/picture";
import { buttonStyles } from "~/components/ui";
import { WHY_CHOOSE_US } from "~/content/business";
import { pageMeta } from "~/seo";
import { aboutPageLoader } from "./about.server";

const PHOTO = "teamArriving";
/** Tailwind's `lg`, where the photo moves beside the story. */
const WIDE = "(min-width: 1024px)";
const PHOTO_SIZES = `${WIDE} 480px, 100vw`;

/**
 * From 1,024 px the photo stands beside the story, above the fold: preloaded there at high
 * priority. On narrower screens it comes after the story, below the fold, and loads lazily, after
 * the story's paint (docs/decisions/014-largest-paint-first.md).
 */
export const links: LinksFunction = () => [preloadPhoto(PHOTO, PHOTO_SIZES, WIDE)];

export const loader = (args: LoaderFunctionArgs) => aboutPageLoader(args);

export const headers = publicPageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description:
      "A licensed and insured cleaning company in Montego Bay with eco-friendly supplies, an expert team and a 100% satisfaction guarantee.",
    image: PHOTO,
  });

export default function About() {
  const { story, stats } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Clean spaces, honest work, right here in Montego Bay"
        lead="A local team that treats every home and business as if it were our own."
      />

      <section aria-labelledby="story-heading" className="mx-auto grid max-w-7xl items-start gap-12 px-4 py-16 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SectionHeading id="story-heading" eyebrow="Our Story" title="How we work" />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {story.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <dl className="mt-10 grid grid-cols-2 gap-6">
            <div className="flex flex-col-reverse rounded-2xl bg-brand-900 p-6 text-white">
              <dt className="mt-1 text-sm text-brand-100 sm:text-base">Happy Clients</dt>
              <dd className="font-display text-5xl font-bold text-sun-300">{stats.aboutHappyClients}</dd>
            </div>
            <div className="flex flex-col-reverse rounded-2xl bg-brand-900 p-6 text-white">
              <dt className="mt-1 text-sm text-brand-100 sm:text-base">Years Experience</dt>
              <dd className="font-display text-5xl font-bold text-sun-300">{stats.aboutYearsExperience}</dd>
            </div>
          </dl>
        </div>
        <div className="overflow-hidden rounded-2xl lg:col-span-2">
          <Picture photo={PHOTO} sizes={PHOTO_SIZES} className="w-full object-cover" />
        </div>
      </section>

      <section aria-labelledby="why-us-heading" className="below-fold bg-sand-100 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="why-us-heading" title="Why Choose Us?" center />
          <HighlightCards items={WHY_CHOOSE_US} className="mt-10" />
          <div className="mt-12 flex flex-wrap justify-center gap-4">
            <Link to="/quote" className={buttonStyles.primary}>
              Get a Free Quote
            </Link>
            <Link to="/contact" className={buttonStyles.outline}>
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
