/**
 * /status/:token: the customer's private status page (docs/product.md §10 "Status page"),
 * linked from every e-mail about their request: where it stands by its stage (status.server.ts,
 * the texts in stage-texts.ts), its steps, the quote, the booked visit with 'Change day or
 * time', 'Cancel this visit' and 'Add to calendar' (calendar.ts), the regular cleaning, the
 * request's invoices (invoices-section.tsx). Each form's submit button has the privacy line
 * (app/components/public/privacy-line.tsx) below it. Every text link and summary is at least
 * 24 px tall to tap. Server-rendered (works without JavaScript), never cached (`private,
 * no-store`; the page cache skips /status), never indexed (`noindex` and `X-Robots-Tag`), at
 * most 30 views a minute per client.
 */
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { FormStatus } from "~/components/form-status";
import { readResult } from "~/forms/result";
import { statusVisitAction } from "./visit-action.server";
import { ContactMethods } from "~/components/public/contact-details";
import { PageHero } from "~/components/public/page-hero";
import { PrivacyLine } from "~/components/public/privacy-line";
import { PRIVACY_LINK_MESSAGES } from "~/domain/texts/messages";
import { buttonStyles } from "~/components/ui";
import { STATUS_HEADERS } from "~/cache-control";
import { statusPageLoader, type StatusView } from "./status.server";
import { usePublicSite } from "~/components/hooks/site-data";
import { InvoicesSection } from "./invoices-section";

export const headers: HeadersFunction = () => STATUS_HEADERS;

/** A text link or a disclosure's summary, at least 24 by 24 px to tap (WCAG 2.2, 2.5.8). */
const TAP_LINK = "inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline";
/** A disclosure's summary (kept a list item, so it keeps its marker): 24 px tall with its padding. */
const TAP_SUMMARY = "cursor-pointer py-0.5 text-sm leading-5 font-semibold text-brand-700";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.view ? `Request ${page.view.reference}` : "Request status" },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = (args: LoaderFunctionArgs) => statusPageLoader(args);
export const action = (args: ActionFunctionArgs) => statusVisitAction(args);

export default function StatusPage() {
  const { view, problem, deposit, invoices } = useLoaderData<typeof loader>();
  const refused = readResult(useActionData<typeof action>()).error("");
  const site = usePublicSite();
  const { token } = useParams();
  if (!view) {
    return (
      <>
        <PageHero
          title={problem === "rate-limited" ? "Please wait a minute" : "This link does not work"}
          lead={
            problem === "rate-limited"
              ? "This page was opened many times in a short while. Please try again in a minute."
              : "We could not find a request for this link. Please check that you copied the whole link from our e-mail, or call or WhatsApp us."
          }
        />
        {site ? (
          <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
            <ContactMethods company={site.company} />
          </section>
        ) : null}
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow={`Reference ${view.reference}`} title={view.headline} lead={leadOf(view)} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6">
        {view.next ? (
          <p className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-slate-900" data-testid="next">
            {view.next}
          </p>
        ) : null}
        <section aria-labelledby="progress" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="progress" className="font-display text-xl font-bold text-slate-900">
            Progress
          </h2>
          <ol className="mt-5 space-y-4">
            {view.steps.map((step, index) => (
              <li key={step.label} className="flex items-start gap-3" data-step={step.label} data-done={step.done}>
                <span
                  aria-hidden="true"
                  className={`mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold ${step.done ? "bg-brand-700 text-white" : "border-2 border-slate-300 text-slate-500"}`}
                >
                  {step.done ? "✓" : index + 1}
                </span>
                <div>
                  <p className={`font-semibold ${step.done ? "text-slate-900" : "text-slate-500"}`}>
                    {step.label}
                    <span className="sr-only">{step.done ? " (done)" : " (not yet)"}</span>
                  </p>
                  {step.done && step.at ? <p className="text-sm text-slate-600">{step.at}</p> : null}
                  {!step.done && step.note ? <p className="text-sm text-slate-600">{step.note}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </section>

        {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
        {view.booked ? (
          <div className="space-y-3 rounded-2xl border-2 border-brand-700 bg-white p-5">
            <p className="text-lg font-semibold text-slate-900" data-testid="booked">
              {`${view.series ? "Next visit" : "Booked"}: ${view.booked}`}
            </p>
            {deposit ? (
              <div className="space-y-2 rounded-xl bg-amber-50 p-4" data-testid="deposit">
                <p className="font-semibold text-slate-900">{`Awaiting your deposit of ${deposit.amountLabel} by ${deposit.dueLabel}`}</p>
                <p className="text-sm text-slate-700">
                  Your visit is held until then: pay the deposit to confirm it. If it is not paid by then, the time is released.
                </p>
                <a href={`/invoice/${deposit.token}`} className={buttonStyles.primary}>
                  Pay the deposit
                </a>
              </div>
            ) : null}
            {view.canChange ? (
              <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
                <Link to="book" className={TAP_LINK}>
                  Change day or time
                </Link>
                <details>
                  <summary className={TAP_SUMMARY}>Cancel this visit</summary>
                  <Form method="post" className="mt-3 space-y-3">
                    <input type="hidden" name="intent" value="cancel" />
                    <p className="text-sm text-slate-700">Cancel the visit? You can book another day while your quote is valid.</p>
                    <button type="submit" className={buttonStyles.outline}>
                      Yes, cancel the visit
                    </button>
                    <PrivacyLine line={PRIVACY_LINK_MESSAGES.statusLine} />
                  </Form>
                </details>
              </div>
            ) : (
              <p className="text-sm text-slate-700">{`It is too close to your visit to change it online. Call us on ${site?.company.phone ?? "our number"}.`}</p>
            )}
            {token ? (
              <p>
                {/* A file, not a page: the browser downloads it (app/routes/public/status/calendar.ts). */}
                <a href={`/status/${token}/visit.ics`} download="visit.ics" className={TAP_LINK}>
                  Add to calendar<span className="sr-only">{`: ${view.series ? "your next visit" : "your visit"} (.ics file)`}</span>
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        {view.series ? <RegularCleaning series={view.series} phone={site?.company.phone ?? "our number"} /> : null}
        {view.canBook ? (
          <Link to="book" className={buttonStyles.primary}>
            Accept and book
          </Link>
        ) : null}

        {view.quote ? (
          <section aria-labelledby="quote" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
            <h2 id="quote" className="font-display text-xl font-bold text-slate-900">
              Your quote
            </h2>
            <p className="mt-3 font-display text-4xl font-bold text-brand-800" data-testid="quote-price">
              {view.quote.price}
            </p>
            {view.quote.usd ? <p className="text-slate-700">or {view.quote.usd}</p> : null}
            <p className={`mt-2 text-sm ${view.quote.expired ? "font-semibold text-red-800" : "text-slate-700"}`}>
              {view.quote.expired
                ? `This quote expired on ${view.quote.validUntil}. Ask us for a new one.`
                : view.quote.booked
                  ? "Accepted: booked at this price"
                  : `Valid until ${view.quote.validUntil}`}{" "}
              · sent {view.quote.sentAt}
            </p>
            {view.quote.included ? (
              <div className="mt-4">
                <h3 className="font-semibold text-slate-900">Included</h3>
                <p className="mt-1 break-words whitespace-pre-line text-slate-800">{view.quote.included}</p>
              </div>
            ) : null}
            {view.quote.message ? (
              <div className="mt-4 border-t border-brand-200 pt-4">
                <h3 className="font-semibold text-slate-900">Our message</h3>
                <p className="mt-1 break-words whitespace-pre-line text-slate-800">{view.quote.message}</p>
              </div>
            ) : null}
          </section>
        ) : null}

        <InvoicesSection invoices={invoices ?? []} />

        {view.reply ? (
          <section aria-labelledby="reply" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
            <h2 id="reply" className="font-display text-xl font-bold text-slate-900">
              Our reply
            </h2>
            <p className="text-sm text-slate-600">Sent {view.reply.sentAt}</p>
            <p className="mt-3 break-words whitespace-pre-line text-slate-800">{view.reply.message}</p>
          </section>
        ) : null}

        <section aria-labelledby="details" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="details" className="font-display text-xl font-bold text-slate-900">
            Your request
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Detail label="Reference" value={view.reference} />
            <Detail label="Received" value={view.receivedAt} />
            {view.service ? <Detail label="Service" value={view.service} /> : null}
            {view.kind === "quote_request" ? <Detail label="Preferred date" value={view.preferredDate ?? "Not given"} /> : null}
          </dl>
          <p className="mt-6 text-sm text-slate-600">This page is only for you: anyone with its link can see it, so share it with care.</p>
        </section>

        {site ? (
          <section aria-labelledby="questions" className="space-y-4">
            <h2 id="questions" className="font-display text-xl font-bold text-slate-900">
              Questions? Mention {view.reference}.
            </h2>
            <ContactMethods company={site.company} />
          </section>
        ) : null}
        <Link to="/services" className={buttonStyles.secondary}>
          See our services
        </Link>
      </div>
    </>
  );
}

/**
 * The regular cleaning: how it repeats, its visits of the next 60 days, each with 'Skip this
 * visit' until the cut-off (a confirmation in a disclosure, so it works without JavaScript), and
 * 'Pause my regular cleaning' or 'Resume my regular cleaning'.
 */
function RegularCleaning({ series, phone }: { series: NonNullable<StatusView["series"]>; phone: string }) {
  return (
    <section aria-labelledby="regular" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="regular" className="font-display text-xl font-bold text-slate-900">
        Your regular cleaning
      </h2>
      <p className="mt-3 font-semibold text-slate-900" data-testid="series">
        {series.label}
      </p>
      {series.paused ? (
        <p className="mt-1 text-sm font-semibold text-slate-700">Paused: we book no new visits until you resume.</p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">We book your visits 60 days ahead and keep booking as time goes on.</p>
      )}
      {series.visits.length > 0 ? (
        <>
          <h3 className="mt-5 font-semibold text-slate-900">Your visits in the next 60 days</h3>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Your visits in the next 60 days">
            {series.visits.map((visit) => (
              <li key={visit.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
                <span className={visit.skipped ? "text-slate-500" : "text-slate-900"}>
                  {visit.label}
                  {visit.skipped ? (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Skipped</span>
                  ) : null}
                </span>
                {visit.canSkip ? (
                  <details className="text-right">
                    <summary className={TAP_SUMMARY}>
                      Skip this visit<span className="sr-only">{`: ${visit.label}`}</span>
                    </summary>
                    <Form method="post" className="mt-2 space-y-2 text-left">
                      <input type="hidden" name="intent" value="skip" />
                      <input type="hidden" name="visitId" value={visit.id} />
                      <p className="text-sm text-slate-700">Skip this visit? Your other visits stay booked.</p>
                      <button type="submit" className={buttonStyles.outline}>
                        Yes, skip it
                      </button>
                      <PrivacyLine line={PRIVACY_LINK_MESSAGES.statusLine} />
                    </Form>
                  </details>
                ) : visit.skipped ? null : (
                  <span className="text-sm text-slate-600">{`Too close to change online: call us on ${phone}.`}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-5 border-t border-slate-200 pt-4">
        {series.paused ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="resume" />
            <p className="text-sm text-slate-700">We book your visits again from the next day we can.</p>
            <button type="submit" className={buttonStyles.primary}>
              Resume my regular cleaning
            </button>
            <PrivacyLine line={PRIVACY_LINK_MESSAGES.statusLine} />
          </Form>
        ) : (
          <details>
            <summary className={TAP_SUMMARY}>Pause my regular cleaning</summary>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="pause" />
              <p className="text-sm text-slate-700">
                Pause? We skip your visits that can still be changed online and book no new ones until you resume here.
              </p>
              {series.pauseKeeps.length > 0 ? (
                <p className="text-sm text-slate-700">{`Too close to change online, so still booked: ${series.pauseKeeps.join("; ")}. To change it, call us on ${phone}.`}</p>
              ) : null}
              <button type="submit" className={buttonStyles.outline}>
                Yes, pause
              </button>
              <PrivacyLine line={PRIVACY_LINK_MESSAGES.statusLine} />
            </Form>
          </details>
        )}
      </div>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{value}</dd>
    </div>
  );
}

function leadOf(view: StatusView): string {
  if (view.kind === "contact_message") return `Your message of ${view.receivedAt}.`;
  return `Your request for ${view.service ?? "a cleaning"}, received ${view.receivedAt}.`;
}
