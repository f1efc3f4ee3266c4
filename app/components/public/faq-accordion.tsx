/**
 * FAQ accordion: native exclusive <details name="…"> elements, so one question is open at a
 * time and clicking the open one closes it (docs/product.md §2 "FAQ", §4 "FAQ accordion"), with
 * or without JavaScript, operable by keyboard (Enter/Space on the summary).
 */
import type { FaqContent } from "~/domain/site-content";
import { Icon } from "~/components/icon";
import { PlainText } from "~/components/plain-text";

export function FaqAccordion({
  faqs,
  group,
  heading: Heading = "h3",
}: {
  faqs: readonly FaqContent[];
  /** The `name` shared by the <details> elements: one open at a time within a group. */
  group: string;
  /** The questions' heading level: one below the section's heading. */
  heading?: "h2" | "h3";
}) {
  return (
    <div className="divide-y divide-brand-100 overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
      {faqs.map((faq) => (
        <details key={faq.id} id={faq.id} name={group} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-brand-50 sm:px-6 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base sm:text-lg">{faq.question}</Heading>
            <Icon name="chevronDown" className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
          </summary>
          <PlainText text={faq.answer} className="px-5 pb-5 leading-relaxed text-slate-700 sm:px-6" />
        </details>
      ))}
    </div>
  );
}
