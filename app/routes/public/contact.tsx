/**
 * /contact: every way to reach the company, its hours and service areas, and the contact form
 * (docs/product.md §2 "Contact"). The action also serves the home page's contact section; after
 * success it redirects back to where the message was sent from, with a one-time message.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { ContactMethods, HoursAndAreas } from "~/components/contact-details";
import { PageHero, SectionHeading } from "~/components/page-hero";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { contactSchema } from "~/forms/contact";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/seo";
import { createContactMessage } from "~/server/visitor-forms/contact-messages.server";
import { readCompany } from "~/server/platform/env.server";
import { takeFlash } from "~/server/platform/flash.server";
import { handleSubmission, type ActionResult } from "~/server/visitor-forms/form-action.server";
import { CONTACT_CONSTRAINT } from "~/server/visitor-forms/form-constraints.server";
import { contactConfirmation } from "~/server/mail/confirmations.server";
import { contactMessageNotification } from "~/server/mail/notifications.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request, "contact");
  return data({ flash, contactConstraint: CONTACT_CONSTRAINT }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return handleSubmission(request, context, {
    form: "contact",
    entity: "contact_message",
    schema: contactSchema,
    failureMessage: MESSAGES.contactFailure,
    store: createContactMessage,
    notification: (value, stored, origin) => contactMessageNotification(readCompany(env).notifyEmail, value, stored, origin),
    confirmation: (value, stored, siteUrl) => contactConfirmation(value, stored, readCompany(env), siteUrl),
    successLocation: (formData) => (formData.get("returnTo") === "/" ? "/#contact" : "/contact#message"),
  });
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Call, e-mail or WhatsApp our Montego Bay cleaning team. Open Monday to Saturday, Sundays by appointment. Free estimates.",
  });

export default function Contact() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const { flash, contactConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
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
            lastResult={actionData?.result}
            turnstileSiteKey={site.features.turnstileSiteKey}
          />
        </section>
      </div>
    </>
  );
}
