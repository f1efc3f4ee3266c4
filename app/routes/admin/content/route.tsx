/**
 * /admin/content (docs/product.md §13): the site's content the owner edits, by section: the
 * business facts, the services, the FAQs and the price guide, each with when and by whom it
 * last changed; its name links to its editor, 'History' to its history.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, PageHeader } from "~/components/admin/kit";
import { CONTENT_SECTION_LABELS } from "~/domain/site-content";
import { contentOverviewLoader } from "./content.server";

export const loader = (args: LoaderFunctionArgs) => contentOverviewLoader(args);

/** What each section holds, under its name. */
const WHAT = {
  business: "Phone, e-mail, WhatsApp, opening hours, service areas, figures, the home page's heading and the About story.",
  services: "The six services: their order, whether each is shown, and each one's texts and photo.",
  faqs: "The questions and answers of the FAQ page, their order and which are on the home page.",
  prices: "The typical prices by service, property size and frequency.",
} as const;

export default function ContentOverviewPage() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="content-heading" className="space-y-6">
      <PageHeader
        id="content-heading"
        title="Site content"
        lead="What the public site says. Every change is previewed before it goes live, and each section keeps its history, so an earlier version can be restored."
      />
      <ul className="grid gap-4 md:grid-cols-2">
        {sections.map(({ section, page, last }) => (
          <Card as="li" key={section} compact data-section={section}>
            <h2 className="text-lg font-semibold text-slate-900">
              <Link to={page} className="inline-flex min-h-6 items-center text-brand-800 underline hover:text-brand-900">
                {CONTENT_SECTION_LABELS[section]}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700">{WHAT[section]}</p>
            <p className="mt-2 text-sm text-slate-600">
              {!last
                ? "Not changed yet."
                : last.action === "seed"
                  ? `Starting content, since ${last.at}.`
                  : `Last changed ${last.at} by ${last.authorEmail ?? "a former team member"}.`}
            </p>
            <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
              <Link
                to={`/admin/content/${section}/history`}
                className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
              >
                History<span className="sr-only">{` of ${CONTENT_SECTION_LABELS[section].toLowerCase()}`}</span>
              </Link>
            </div>
          </Card>
        ))}
      </ul>
    </section>
  );
}
