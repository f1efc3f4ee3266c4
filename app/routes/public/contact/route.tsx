/**
 * /contact: every way to reach the company, its hours and service areas, and the contact form
 * (docs/product.md §2 "Contact"). The action also serves the home page's contact section; after
 * success it redirects back to where the message was sent from, with a one-time message.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/public/contact-form";
import { ContactMethods, HoursAndAreas } from "~/components/public/contact-details";
import { PageHero, SectionHeading } from "~/components/public/page-hero";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import type { FormResult } from "~/forms/result";
import { pageMeta } from "~/seo";
import { contactPageAction, contactPageLoader } from "./contact.server";
import { usePublicSite, useSite } from "~/components/hooks/site-data";

export const loader = (args: LoaderFunctionArgs) => contactPageLoader(args);
export const action = (args: ActionFunctionArgs) => contactPageAction(args);

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Call, e-mail or WhatsApp our Montego Bay cleaning team. Open Monday to Saturday, Sundays by appointment. Free estimates.",
  });

export default function Contact() {
  const site = useSite();
  const publicSite = usePublicSite();
  const { flash, contactConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  if (!site || !publicSite) return null;
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
            <ContactMethods company={publicSite.company} />
          </div>
          <div className="mt-8">
            <HoursAndAreas business={publicSite.business} />
          </div>
        </section>
        <section
          id="message"
          aria-labelledby="message-heading"
          className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8"
        >
          <SectionHeading id="message-heading" title="Send us a message" />
          <p className="mt-3 mb-6 leading-relaxed text-slate-700">
            We answer every message. For a price, the{" "}
            <Link to="/quote" className="font-semibold text-brand-700 underline">
              quote form
            </Link>{" "}
            asks the right questions and we reply within {QUOTE_REPLY_HOURS} hours.
          </p>
          <ContactForm
            returnTo="/contact"
            flash={flash}
            constraint={contactConstraint}
            lastResult={actionData}
            turnstileSiteKey={site.features.turnstileSiteKey}
          />
        </section>
      </div>
    </>
  );
}
