/**
 * /status/:token/book: 'Accept and book', or 'Change your visit' once one is booked. The customer
 * picks a day (links, so it works without JavaScript; with it, Remix shows the day's windows
 * without a page load) and an arrival window (a plain form), for a weekly, bi-weekly or monthly
 * request also 'Just this visit' or the regular cleaning from that day, then confirms. From the
 * preferred date, with its reason and 'Earlier days'; when it cannot book, it says why from the
 * request's stage (app/routes/public/status/stage-texts.ts). Private, never cached or indexed,
 * like the status page.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { FormStatus } from "~/components/form-status";
import { PageHero } from "~/components/public/page-hero";
import { PrivacyLine } from "~/components/public/privacy-line";
import { buttonStyles } from "~/components/ui";
import { readResult } from "~/forms/result";
import { bookingPageAction, bookingPageLoader } from "./book.server";
import { notOpenTexts } from "../status/stage-texts";
import { STATUS_HEADERS } from "~/cache-control";

export const headers: HeadersFunction = () => STATUS_HEADERS;

/** A text link, at least 24 by 24 px to tap (WCAG 2.2, 2.5.8). */
const TAP_LINK = "inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline";

export const meta: MetaFunction = () => [{ title: "Book your visit" }, { name: "robots", content: "noindex, nofollow" }];

export const loader = (args: LoaderFunctionArgs) => bookingPageLoader(args);

/** After any booking, refused ones too (409: the window was just taken), the windows are read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;
export const action = (args: ActionFunctionArgs) => bookingPageAction(args);

/** The page's title and lead when it cannot offer a booking (a quote that cannot be booked: `notOpenTexts`, by its stage). */
const PROBLEMS = {
  "too-late": ["It is too close to your visit to change it online", "Please call or WhatsApp us and we will sort it out."],
  "not-found": ["This link does not work", "Please check that you copied the whole link from our e-mail, or call or WhatsApp us."],
} as const;

export default function BookingPage() {
  const page = useLoaderData<typeof loader>();
  const refused = readResult(useActionData<typeof action>()).error("");
  const { token } = useParams();
  if (!page.booking) {
    const [title, lead] =
      page.problem === "not-open"
        ? notOpenTexts(page.reason, page.validUntil)
        : PROBLEMS[page.problem === "too-late" ? page.problem : "not-found"];
    return (
      <>
        <PageHero title={title} lead={lead} />
        {token && page.reference ? (
          <p className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
            <Link to={`/status/${token}`} className={buttonStyles.outline}>
              Back to your request
            </Link>
          </p>
        ) : null}
      </>
    );
  }
  const { days, chosen, earlier, later, fromPreferred } = page.booking;
  const moving = page.moving;
  return (
    <>
      <PageHero
        eyebrow={`Reference ${page.reference}`}
        title={moving ? "Change your visit" : "Accept and book"}
        lead={
          moving
            ? `Booked now: ${moving}. Pick the new day, then the time the crew arrives.`
            : "Pick a day, then the time the crew arrives."
        }
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6">
        {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
        <section aria-labelledby="days-heading">
          <h2 id="days-heading" className="font-display text-xl font-bold text-slate-900">
            Day
          </h2>
          {fromPreferred ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="from-preferred">
              {`Showing from your preferred date, ${fromPreferred}. Earlier days can be booked too: see 'Earlier days'.`}
            </p>
          ) : null}
          <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {days.map((day) => (
              <li key={day.day}>
                <Link
                  to={`?day=${day.day}`}
                  preventScrollReset
                  aria-current={chosen?.day === day.day ? "date" : undefined}
                  className={`block rounded-xl border px-3 py-2 text-center text-sm font-semibold ${
                    chosen?.day === day.day ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800"
                  } ${day.open ? "" : "opacity-60"}`}
                >
                  {day.label}
                  {day.open ? null : <span className="block text-xs font-normal">Full</span>}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex justify-between text-sm font-semibold">
            {earlier ? (
              <Link to={`?day=${earlier}`} preventScrollReset className={TAP_LINK}>
                ← Earlier days
              </Link>
            ) : (
              <span />
            )}
            {later ? (
              <Link to={`?day=${later}`} preventScrollReset className={TAP_LINK}>
                Later days →
              </Link>
            ) : null}
          </div>
        </section>
        {chosen ? (
          <Form method="post" action={`/status/${token}/book?day=${chosen.day}`} className="space-y-4">
            <input type="hidden" name="day" value={chosen.day} />
            <input type="hidden" name="intent" value={moving ? "move" : "book"} />
            <fieldset>
              <legend className="font-display text-xl font-bold text-slate-900">{`Arrival on ${chosen.label}`}</legend>
              <div className="mt-4 space-y-2">
                {chosen.windows.map((window) => (
                  <label key={window.start} className="flex items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3">
                    <input type="radio" name="windowStart" value={window.start} disabled={window.left === 0 || window.current} required />
                    <span className="font-semibold text-slate-900">{window.label}</span>
                    <span className="text-sm text-slate-600">
                      {window.current ? "Your visit now" : window.left === 0 ? "Taken" : `${window.left} left`}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {page.repeat ? (
              <fieldset>
                <legend className="font-display text-xl font-bold text-slate-900">How often</legend>
                <div className="mt-4 space-y-2">
                  {page.repeat.choices.map((choice) => (
                    <label key={choice.value} className="flex items-start gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3">
                      <input
                        type="radio"
                        name="repeat"
                        value={choice.value}
                        defaultChecked={choice.value === page.repeat?.checked}
                        className="mt-1"
                      />
                      <span>
                        <span className="block font-semibold text-slate-900">{choice.label}</span>
                        {choice.hint ? <span className="block text-sm text-slate-600">{choice.hint}</span> : null}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className={buttonStyles.primary}>
                {moving ? "Move my visit" : "Confirm booking"}
              </button>
              <Link to={`/status/${token}`} className={`${TAP_LINK} text-sm`}>
                {moving ? "Keep my visit as it is" : "Not now"}
              </Link>
              <PrivacyLine className="basis-full" />
            </div>
          </Form>
        ) : (
          <p className="text-slate-700">No day can be booked online right now. Call or WhatsApp us.</p>
        )}
      </div>
    </>
  );
}
