/** The footer on every public page: contact details, hours, service areas and links, the privacy notice last. */
import { Link } from "@remix-run/react";
import { PRICING_NAV, PRIMARY_NAV, PRIVACY_NAV } from "~/content/navigation";
import type { PublicSiteData } from "~/seo";
import { telHref, whatsappHref } from "~/domain/phone";
import { Logo } from "~/components/public/logo";

/** `site`: the public layout's data (/pricing is linked when the price guide has ranges; /privacy always); `year`: the current year in Jamaica. */
export function SiteFooter({ site, year }: { site: PublicSiteData; year: string }) {
  const { company, business, hasPrices } = site;
  const links = [...PRIMARY_NAV, ...(hasPrices ? [PRICING_NAV] : []), PRIVACY_NAV];
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo name={company.name} inverted />
          <p className="text-sm leading-relaxed text-brand-200">
            Professional, eco-friendly cleaning for homes, businesses and holiday rentals in Montego Bay. Licensed and insured.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a className="inline-flex min-h-6 items-center hover:text-white hover:underline" href={telHref(company.phone)}>
                {company.phone}
              </a>
            </li>
            <li>
              <a className="inline-block min-h-6 py-0.5 wrap-anywhere hover:text-white hover:underline" href={`mailto:${company.email}`}>
                {company.email}
              </a>
            </li>
            <li>
              <a className="inline-flex min-h-6 items-center hover:text-white hover:underline" href={whatsappHref(company.whatsapp)}>
                Chat on WhatsApp
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Hours</h2>
          <dl className="mt-4 space-y-2 text-sm">
            {business.hours.map((entry) => (
              <div key={entry.days}>
                <dt className="text-brand-200">{entry.days}</dt>
                <dd className="text-white">{entry.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Service areas</h2>
          <p className="mt-4 text-sm leading-relaxed">
            {business.serviceAreas.join(", ")} {business.serviceAreasNote}.
          </p>
          <nav aria-label="Footer" className="mt-6">
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {links.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="inline-flex min-h-6 items-center hover:text-white hover:underline">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-brand-300 sm:px-6">
          © {year} {company.name} · All rights reserved
        </p>
      </div>
    </footer>
  );
}
