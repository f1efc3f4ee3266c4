/**
 * /privacy: the privacy notice (docs/product.md §2 "Privacy notice"): what the company keeps,
 * why, for how long, who sees it, the customer's rights under Jamaica's Data Protection Act,
 * 2020 and how to use them, with the business's e-mail and phone from the public layout's data
 * (the ones the footer shows) and the owner's retention periods from its loader
 * (privacy.server.ts). The words are app/domain/texts/privacy-notice.ts `PRIVACY_NOTICE`. No script:
 * cached like every public page, under the content version, which saving the periods bumps.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { usePublicSite } from "~/components/hooks/site-data";
import { PageHero } from "~/components/public/page-hero";
import { telHref } from "~/domain/phone";
import { PRIVACY_NOTICE } from "~/domain/texts/privacy-notice";
import { pageMeta } from "~/seo";
import { privacyPageLoader } from "./privacy.server";

export const headers = publicPageHeaders;

export const loader = (args: LoaderFunctionArgs) => privacyPageLoader(args);

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: PRIVACY_NOTICE.title,
    description: PRIVACY_NOTICE.lead,
  });

const HEADING = "font-display text-2xl font-bold text-brand-900";
const TEXT = "mt-3 space-y-3 leading-relaxed text-slate-700";
const LINK = "inline-block py-0.5 font-semibold wrap-anywhere text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function PrivacyPage() {
  const site = usePublicSite();
  const { periods } = useLoaderData<typeof loader>();
  if (!site) throw new Error("The public layout's loader did not run");
  const { company } = site;
  return (
    <>
      <PageHero title={PRIVACY_NOTICE.title} lead={PRIVACY_NOTICE.lead} />
      <article className="mx-auto max-w-3xl space-y-10 px-4 py-16 sm:px-6">
        <div className={TEXT}>
          <p>
            <time dateTime={PRIVACY_NOTICE.updated}>{PRIVACY_NOTICE.updatedLabel}</time>
          </p>
          <p>{PRIVACY_NOTICE.intro(company)}</p>
        </div>
        {PRIVACY_NOTICE.sections(periods).map((section) => (
          <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
            <h2 id={`privacy-${section.id}`} className={HEADING}>
              {section.heading}
            </h2>
            <div className={TEXT}>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <ul className="list-disc space-y-2 pl-6">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </section>
        ))}
        <section aria-labelledby="privacy-contact" data-privacy-contact="">
          <h2 id="privacy-contact" className={HEADING}>
            {PRIVACY_NOTICE.contactHeading}
          </h2>
          <div className={TEXT}>
            <p>{PRIVACY_NOTICE.contactLead}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="py-0.5 font-semibold text-slate-900">{PRIVACY_NOTICE.emailLabel}</dt>
              <dd>
                <a className={LINK} href={`mailto:${company.email}`}>
                  {company.email}
                </a>
              </dd>
              <dt className="py-0.5 font-semibold text-slate-900">{PRIVACY_NOTICE.phoneLabel}</dt>
              <dd>
                <a className={LINK} href={telHref(company.phone)}>
                  {company.phone}
                </a>
              </dd>
            </dl>
          </div>
        </section>
        <section aria-labelledby="privacy-complaints">
          <h2 id="privacy-complaints" className={HEADING}>
            {PRIVACY_NOTICE.complaintHeading}
          </h2>
          <div className={TEXT}>
            {PRIVACY_NOTICE.complaint.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      </article>
    </>
  );
}
