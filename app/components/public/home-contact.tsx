/**
 * The home page's contact section (docs/product.md §2 "Home"): its heading, the ways to reach
 * the company and the contact form. Loaded on its own, only as the visitor nears it
 * (./deferred-contact-section.tsx).
 */
import type { Company } from "~/domain/company";
import { ContactMethods } from "~/components/public/contact-details";
import { ContactForm } from "~/components/public/contact-form";
import type { ContactFormProps } from "~/components/public/contact-form-markup";
import { SectionHeading } from "~/components/public/page-hero";

/** For the server's form while it stays on the page (./deferred-contact-section.tsx). */
export { drawTurnstile } from "~/components/public/form-guards";
export { hasEdits } from "~/components/form-edits";

export interface HomeContactProps extends ContactFormProps {
  company: Company;
}

export function HomeContact({ company, ...form }: HomeContactProps) {
  return (
    <div className="grid gap-10 lg:grid-cols-5">
      <div className="min-w-0 lg:col-span-2">
        <SectionHeading
          id="contact-heading"
          eyebrow="Contact"
          title="Talk to us"
          lead="Call, e-mail or send a WhatsApp message, or write to us here. We are happy to answer questions before you book."
        />
        <div className="mt-8">
          <ContactMethods company={company} />
        </div>
      </div>
      <div className="min-w-0 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
        <h3 className="mb-6 font-display text-2xl font-bold text-slate-900">Send us a message</h3>
        <ContactForm {...form} />
      </div>
    </div>
  );
}
