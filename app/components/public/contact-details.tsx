/**
 * How to reach the company: phone (tel:), e-mail (mailto:) and WhatsApp click-to-chat, from
 * the business facts; plus the weekly opening hours and the service areas.
 */
import type { PublicSiteData } from "~/seo";
import type { Company } from "~/domain/company";
import { telHref, whatsappHref } from "~/domain/phone";
import { Icon } from "~/components/icon";

export function ContactMethods({ company }: { company: Company }) {
  const methods = [
    { icon: "phone", label: "Call us", value: company.phone, href: telHref(company.phone) },
    { icon: "mail", label: "E-mail us", value: company.email, href: `mailto:${company.email}` },
    {
      icon: "chat",
      label: "WhatsApp",
      value: "Chat with us on WhatsApp",
      href: whatsappHref(company.whatsapp, "Hello! I would like to ask about a cleaning."),
    },
  ] as const;
  return (
    <ul className="grid gap-4">
      {methods.map((method) => (
        <li key={method.label}>
          <a
            href={method.href}
            className="flex items-center gap-4 rounded-xl border border-brand-100 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <Icon name={method.icon} className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm text-slate-600">{method.label}</span>
              <span className="block font-semibold wrap-anywhere text-slate-900">{method.value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function HoursAndAreas({ business }: { business: PublicSiteData["business"] }) {
  return (
    <div className="grid gap-6">
      <div className="rounded-xl bg-brand-50 p-5">
        <h3 className="flex items-center gap-2 font-semibold text-brand-900">
          <Icon name="clock" className="size-5" /> Opening hours
        </h3>
        <dl className="mt-3 space-y-2 text-slate-700">
          {business.hours.map((entry) => (
            <div key={entry.days} className="flex flex-wrap justify-between gap-x-4">
              <dt>{entry.days}</dt>
              <dd className="font-medium text-slate-900">{entry.label}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="rounded-xl bg-brand-50 p-5">
        <h3 className="flex items-center gap-2 font-semibold text-brand-900">
          <Icon name="pin" className="size-5" /> Service areas
        </h3>
        <ul className="mt-3 flex flex-wrap gap-2">
          {business.serviceAreas.map((area) => (
            <li key={area} className="rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900">
              {area}
            </li>
          ))}
        </ul>
        {business.serviceAreasNote ? <p className="mt-3 text-sm text-slate-700">…{business.serviceAreasNote}.</p> : null}
      </div>
    </div>
  );
}
