/**
 * How a section's content will look on the public site (docs/product.md §13), for the admin's
 * previews and its history's 'View': the business facts as the home hero, the contact details,
 * the hours and areas and the About story; the services as their cards (and one service's page
 * text); the FAQs as the FAQ page's accordion; the price guide as a table. It draws the public
 * pages' own pieces (ServiceCard, FaqAccordion, CheckList) where they take the content as
 * props. Every text is rendered by React, so markup typed into a field shows as typed.
 */
import { isPhotoId } from "~/content/photos";
import type { ContentSection } from "~/domain/enumerations";
import { phoneLabel, telHref, whatsappHref } from "~/domain/phone";
import {
  openingHours,
  priceRangeLabel,
  type BusinessContent,
  type FaqContent,
  type PriceRange,
  type ServiceContent,
  type SiteContent,
} from "~/domain/site-content";
import { FaqAccordion } from "~/components/public/faq-accordion";
import { HoursAndAreas } from "~/components/public/contact-details";
import { CheckList } from "~/components/public/highlights";
import { Icon } from "~/components/icon";
import { PlainText } from "~/components/plain-text";
import { ServiceCard, type ServiceCardData } from "~/components/public/service-card";

/** The frame around a preview: a dashed border and a label, so it never passes for the admin's own page. */
function PreviewFrame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-2xl border-2 border-dashed border-brand-300 bg-white p-3 sm:p-5" data-testid="content-preview">
      <p className="mb-3 text-xs font-semibold tracking-wide text-brand-800 uppercase">{label}</p>
      <div className="min-w-0 space-y-6">{children}</div>
    </div>
  );
}

/** The business facts: the home hero, how to reach the company, the hours and areas, the figures and the About story. */
function BusinessPreview({ business }: { business: BusinessContent }) {
  const contacts = [
    { icon: "phone", label: "Call us", value: phoneLabel(business.phone), href: telHref(business.phone) },
    { icon: "mail", label: "E-mail us", value: business.email, href: `mailto:${business.email}` },
    { icon: "chat", label: "WhatsApp", value: `+${business.whatsapp}`, href: whatsappHref(business.whatsapp) },
  ] as const;
  return (
    <>
      <PreviewFrame label="Home page: the top">
        <div className="rounded-xl bg-brand-900 px-4 py-8 text-white sm:px-8">
          <p className="font-display text-2xl leading-tight font-bold break-words sm:text-4xl">{business.heroHeading}</p>
          <p className="mt-3 max-w-2xl leading-relaxed break-words text-brand-100">{business.heroLead}</p>
          <p className="mt-4 text-sm text-sun-300">{`Trusted by ${business.stats.homeTrustedBy} clients`}</p>
        </div>
      </PreviewFrame>
      <PreviewFrame label="Contact page and footer">
        <ul className="grid gap-3 sm:grid-cols-3">
          {contacts.map((contact) => (
            <li key={contact.label} className="flex min-w-0 items-center gap-3 rounded-xl border border-brand-100 p-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                <Icon name={contact.icon} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm text-slate-600">{contact.label}</span>
                <a href={contact.href} className="block font-semibold wrap-anywhere text-slate-900">
                  {contact.value}
                </a>
              </span>
            </li>
          ))}
        </ul>
        {business.socialUrl ? <p className="text-sm wrap-anywhere text-slate-700">{`Social profile: ${business.socialUrl}`}</p> : null}
        <HoursAndAreas
          business={{
            hours: openingHours(business.hours),
            serviceAreas: business.serviceAreas,
            serviceAreasNote: business.serviceAreasNote,
          }}
        />
      </PreviewFrame>
      <PreviewFrame label="About page">
        <p className="text-sm text-slate-700">{`${business.stats.aboutHappyClients} happy clients · ${business.stats.aboutYearsExperience} years of experience`}</p>
        <div className="space-y-4 leading-relaxed break-words text-slate-700">
          {business.story.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </PreviewFrame>
    </>
  );
}

/** A service as its card draws it (the photo falls back to the library's first when it is not one of it: only a stored body from before a check could have that). */
function asCard(service: ServiceContent): ServiceCardData {
  const { slug, pageId, serviceType, title, description, features, photo } = service;
  return { slug, pageId, serviceType, title, description, features, photo: isPhotoId(photo) ? photo : "teamWithEquipment" };
}

/** The services: the cards the site shows, in order, and the hidden ones named; with `focus`, that service's card and page text first. */
function ServicesPreview({ services, focus }: { services: readonly ServiceContent[]; focus?: string }) {
  const focused = focus ? services.find((service) => service.slug === focus) : undefined;
  const shown = services.filter((service) => service.shown);
  const hidden = services.filter((service) => !service.shown);
  return (
    <>
      {focused ? <ServicePagePreview service={focused} /> : null}
      <PreviewFrame label="Services page: the cards, in order">
        {shown.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((service) => (
              <li key={service.slug} className="min-w-0">
                <ServiceCard service={asCard(service)} compact heading="h3" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">No service is shown.</p>
        )}
        {hidden.length > 0 ? (
          <p className="text-sm text-slate-700">{`Hidden (their pages answer 'not found'): ${hidden.map((service) => service.title).join(", ")}`}</p>
        ) : null}
      </PreviewFrame>
    </>
  );
}

/** One service's own page: its card, the long description, what is included, who it is for and the visit's steps. */
function ServicePagePreview({ service }: { service: ServiceContent }) {
  return (
    <PreviewFrame label={`/services/${service.slug}${service.shown ? "" : " (hidden: answers 'not found')"}`}>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="min-w-0">
          <ServiceCard service={asCard(service)} heading="h3" />
        </div>
        <div className="min-w-0 space-y-5 break-words">
          <p className="leading-relaxed text-slate-700">{service.intro}</p>
          <div>
            <p className="font-semibold text-slate-900">What is included</p>
            <CheckList items={service.included} className="mt-2 space-y-2" />
          </div>
          <div>
            <p className="font-semibold text-slate-900">Ideal for</p>
            <CheckList items={service.idealFor} className="mt-2 space-y-2" />
          </div>
          <div>
            <p className="font-semibold text-slate-900">Your visit</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
              {service.visit.map((step, i) => (
                <li key={i}>
                  <span className="font-semibold text-slate-900">{step.step}</span>: {step.detail}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </PreviewFrame>
  );
}

/** The FAQs as the FAQ page's accordion (and which are on the home page); with `focus`, that one first. */
function FaqsPreview({ faqs, focus }: { faqs: readonly FaqContent[]; focus?: string }) {
  const focused = focus ? faqs.find((faq) => faq.id === focus) : undefined;
  const home = faqs.filter((faq) => faq.onHome);
  return (
    <>
      {focused ? (
        <PreviewFrame label={`This FAQ${focused.onHome ? " (also on the home page)" : ""}`}>
          <p className="font-semibold break-words text-slate-900">{focused.question}</p>
          <div className="space-y-3 leading-relaxed break-words text-slate-700">
            <PlainText text={focused.answer} />
          </div>
        </PreviewFrame>
      ) : null}
      <PreviewFrame label="FAQ page">
        {faqs.length > 0 ? <FaqAccordion faqs={faqs} group="preview" heading="h3" /> : <p className="text-slate-700">No questions.</p>}
        <p className="text-sm text-slate-700">
          {home.length > 0 ? `On the home page: ${home.map((faq) => faq.question).join(" · ")}` : "No question on the home page."}
        </p>
      </PreviewFrame>
    </>
  );
}

/** The price guide as a table: service, size, frequency and range. */
function PricesPreview({ prices }: { prices: readonly PriceRange[] }) {
  return (
    <PreviewFrame label="Price guide">
      {prices.length === 0 ? (
        <p className="text-slate-700">No price ranges.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-1 pr-3">Service</th>
                <th className="py-1 pr-3">Size</th>
                <th className="py-1 pr-3">Frequency</th>
                <th className="py-1">Typical price</th>
              </tr>
            </thead>
            <tbody>
              {prices.map((range) => (
                <tr key={`${range.service}/${range.size}/${range.frequency}`} className="border-t border-slate-200">
                  <td className="py-1 pr-3">{range.service}</td>
                  <td className="py-1 pr-3">{range.size}</td>
                  <td className="py-1 pr-3">{range.frequency}</td>
                  <td className="py-1">{priceRangeLabel(range)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PreviewFrame>
  );
}

/** Any section's content as it will look; `focus` names the service (slug) or FAQ (id) the change is about. */
export function SectionPreview({ section, body, focus }: { section: ContentSection; body: unknown; focus?: string }) {
  if (section === "business") return <BusinessPreview business={body as SiteContent["business"]} />;
  if (section === "services") return <ServicesPreview services={body as SiteContent["services"]} focus={focus} />;
  if (section === "faqs") return <FaqsPreview faqs={body as SiteContent["faqs"]} focus={focus} />;
  return <PricesPreview prices={body as SiteContent["prices"]} />;
}
