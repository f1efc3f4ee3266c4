/**
 * /contact: every way to reach the company, its hours and service areas, and the place of
 * the contact form (product spec §2 "Contact").
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { ContactMethods, HoursAndAreas } from "~/components/contact-details";
import { PageHero, SectionHeading } from "~/components/page-hero";
import { buttonStyles } from "~/components/ui";
import { PRICING_FACTORS, PROMISES, QUOTE_REPLY_HOURS } from "~/content/business";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/seo";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description:
      "Call, e-mail or WhatsApp our Montego Bay cleaning team. Open Monday to Saturday, Sundays by appointment. Free estimates.",
  });

export default function Contact() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  if (!site) return null;
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead="Questions, bookings or a free estimate: call, e-mail or WhatsApp us, or send a message below."
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 [&>*]:min-w-0">
        <section aria-labelledby="reach-heading">
          <SectionHeading id="reach-heading" title="Talk to us" />
          <div className="mt-6">
            <ContactMethods company={site.company} />
          </div>
          <div className="mt-8">
            <HoursAndAreas />
          </div>
        </section>
        <section id="message" aria-labelledby="message-heading" className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
          <SectionHeading id="message-heading" title="Send us a message" />
          <p className="mt-4 leading-relaxed text-slate-700">
            Tell us what you need and we will get back to you soon. For a price, the quote form
            asks the right questions and we reply within {QUOTE_REPLY_HOURS} hours.
          </p>
          <p className="mt-4 leading-relaxed text-slate-700">
            Estimates are always free. Pricing depends on {PRICING_FACTORS}.
          </p>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {PROMISES.map((promise) => (
              <li key={promise} className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
                {promise}
              </li>
            ))}
          </ul>
          <Link to="/quote" className={`${buttonStyles.primary} mt-8`}>
            Get a Free Quote
          </Link>
        </section>
      </div>
    </>
  );
}
