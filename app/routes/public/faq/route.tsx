/** /faq: the FAQs in the owner's order (eight to start with), one open at a time (docs/product.md §2 "FAQ"), with their FAQPage structured data. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { FaqAccordion } from "~/components/public/faq-accordion";
import { PageHero } from "~/components/public/page-hero";
import { StructuredData } from "~/components/public/structured-data";
import { buttonStyles } from "~/components/ui";
import { faqJsonLd, pageMeta } from "~/seo";
import { faqPageLoader } from "./faq.server";

export const loader = (args: LoaderFunctionArgs) => faqPageLoader(args);

export const headers = publicPageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Frequently Asked Questions",
    description:
      "Supplies, service areas, booking, pricing, insurance, our satisfaction guarantee and more: answers to the questions clients ask most.",
  });

export default function FaqPage() {
  const { faqs } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="FAQ" title="Frequently Asked Questions" lead="Everything clients usually ask before their first cleaning." />
      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <FaqAccordion faqs={faqs} group="faq" heading="h2" />
        <StructuredData data={import.meta.env.SSR ? faqJsonLd(faqs) : null} />
        <div className="mt-12 rounded-2xl bg-brand-50 p-8 text-center">
          <h2 className="font-display text-2xl font-bold text-brand-900">Still have a question?</h2>
          <p className="mt-2 text-slate-700">We are happy to help.</p>
          <Link to="/contact" className={`${buttonStyles.secondary} mt-6`}>
            Contact Us Today
          </Link>
        </div>
      </section>
    </>
  );
}
