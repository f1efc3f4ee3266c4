/**
 * The customer's billing pages' shared parts outside the printed document: 'Print or save as PDF'
 * (with JavaScript a button that opens the browser's print dialog; without, a sentence saying to
 * use the browser's Print, which prints the document alone all the same), and the page shown when
 * a private link does not work or was opened too often (app/routes/public/invoice/ and
 * app/routes/public/receipt/).
 */
import type { Company } from "~/domain/company";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { ContactMethods } from "~/components/public/contact-details";
import { PageHero } from "~/components/public/page-hero";
import { buttonStyles } from "~/components/ui";

/** 'Print or save as PDF'. Hidden on the printout (it is outside the document). */
export function PrintControls() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className={buttonStyles.outline} onClick={() => window.print()}>
      Print or save as PDF
    </button>
  ) : (
    <p className="text-sm text-slate-700">
      To print it or save it as a PDF, use your browser&apos;s Print (the page prints the document alone).
    </p>
  );
}

/**
 * What a private billing link shows when it has nothing to show. In: why (`rate-limited`, or
 * `not-found` for a link no document or payment has), what was looked for ("invoice",
 * "receipt") and the company (its contact methods), when the public layout gave it.
 */
export function BillingLinkProblem({
  problem,
  what,
  company,
}: {
  problem: "not-found" | "rate-limited" | null;
  what: "invoice" | "receipt";
  company: Company | undefined;
}) {
  return (
    <>
      <PageHero
        title={problem === "rate-limited" ? "Please wait a minute" : "This link does not work"}
        lead={
          problem === "rate-limited"
            ? "This page was opened many times in a short while. Please try again in a minute."
            : `We could not find ${what === "invoice" ? "an invoice" : "a receipt"} for this link. Please check that you copied the whole link from our e-mail, or call or WhatsApp us.`
        }
      />
      {company ? (
        <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <ContactMethods company={company} />
        </section>
      ) : null}
    </>
  );
}
