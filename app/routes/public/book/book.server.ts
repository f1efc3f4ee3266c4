/**
 * The server side of /status/:token/book, where the customer accepts the newest quote and books a
 * day and an arrival window, or moves the booked visit (the rules: app/server/booking/). Found
 * by the status page's token alone, under its per-client limit (429), never cached or indexed
 * (STATUS_HEADERS). Nothing a customer sends yields a 500: a refusal answers 400 or 409 with its
 * sentence, and the page shows the fresh list of windows.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { format, parseISO } from "date-fns";
import { STATUS_HEADERS } from "~/cache-control";
import { dayLabel, quoteBookable, visitLabel, windowLabel, type DayAvailability } from "~/domain/booking";
import { quoteExpired } from "~/domain/dates";
import { BOOKING_FORM_MESSAGES, FORM_GUARD_MESSAGES } from "~/domain/texts/messages";
import {
  isSeriesFrequency,
  REPEAT_LABELS,
  SERIES_HORIZON_DAYS,
  seriesLabel,
  seriesRule,
  type RepeatChoice,
  type SeriesFrequency,
} from "~/domain/series";
import type { VisitChange } from "~/forms/booking";
import { bookingSchema } from "~/forms/booking";
import { refusal } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { allowStatusView } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import {
  beforeCutoff,
  BOOKING_MESSAGES,
  changeVisit,
  currentAvailability,
  currentSeries,
  queueBookingNews,
  type Slot,
} from "~/server/booking";
import { askDeposit } from "~/server/billing";
import { findStatusRequest } from "~/server/customer";
import { quoteValidUntil, type BookingNews } from "~/server/mail";
import { headlineOf, type NotOpenReason } from "../status/stage-texts";
import { logFailure } from "~/server/platform";

/** How many days the booking page lists at once (two weeks of working days, about). */
const DAYS_SHOWN = 12;

/**
 * The page's view of the bookable days: the chosen day (asked for, else the booked visit's day
 * when it is moved, else the first with a place left from the request's `preferred` date, else
 * the first with a place left), the DAYS_SHOWN days around it with their labels and whether any
 * window is open, the first days of the pages before and after (for 'Earlier days' and 'Later
 * days'), and the chosen day's windows with the places left (`current`: the window the visit is
 * booked in now). When the page starts at the preferred date (nothing asked, earlier days
 * bookable), `fromPreferred` says that date ("Dec 3") for the page to give its reason.
 */
function bookingView(days: DayAvailability[], asked: string | null, current: Slot | null, preferred: string | null = null) {
  const open = (day: DayAvailability) => day.windows.some((window) => window.left > 0);
  const fromDay = !asked && !current && preferred ? days.findIndex((day) => day.day >= preferred) : -1;
  const chosen =
    days.find((day) => day.day === (asked ?? current?.day)) ??
    (fromDay > 0 ? days.slice(fromDay).find(open) : undefined) ??
    days.find(open) ??
    null;
  // From the preferred date, the page starts on it; else the pages are DAYS_SHOWN days from the first.
  const fromPreferred = fromDay > 0 && chosen !== null && days.indexOf(chosen) >= fromDay;
  const start = fromPreferred ? fromDay : chosen ? Math.floor(days.indexOf(chosen) / DAYS_SHOWN) * DAYS_SHOWN : 0;
  return {
    fromPreferred: fromPreferred && preferred ? format(parseISO(preferred), "MMM d") : null,
    days: days.slice(start, start + DAYS_SHOWN).map((day) => ({
      day: day.day,
      label: format(parseISO(day.day), "EEE, MMM d"),
      open: day.windows.some((window) => window.left > 0),
    })),
    earlier: start > 0 ? days[Math.max(0, start - DAYS_SHOWN)]!.day : null,
    later: days[start + DAYS_SHOWN]?.day ?? null,
    chosen: chosen
      ? {
          day: chosen.day,
          label: dayLabel(chosen.day),
          windows: chosen.windows.map((window) => ({
            start: window.start,
            label: windowLabel(window),
            left: window.left,
            current: current?.day === chosen.day && current.windowStart === window.start,
          })),
        }
      : null,
  };
}

/**
 * The booking form's 'How often' choice for a request whose frequency books a series: 'Just this
 * visit' or 'Every week from this day' (…), the latter checked, with how it repeats from the day
 * chosen ("Every month on the 2nd Tuesday").
 */
function repeatView(frequency: SeriesFrequency, day: string) {
  return {
    checked: frequency as RepeatChoice,
    choices: (["once", frequency] as const).map((value) => ({
      value,
      label: REPEAT_LABELS[value],
      hint:
        value === "once"
          ? null
          : `${seriesLabel({ rrule: seriesRule(frequency, day), dtstart: day })}, at the arrival time you pick. We book ${SERIES_HORIZON_DAYS} days ahead and keep booking; skip a visit or pause on your page.`,
    })),
  };
}

type BookingPage =
  | { problem: "not-found" | "rate-limited" | "too-late"; reference: string | null; booking: null }
  | {
      problem: "not-open";
      reference: string;
      booking: null;
      /** Why (app/routes/public/status/stage-texts.ts `notOpenTexts`), and an expired quote's last day. */
      reason: NotOpenReason;
      validUntil: string | null;
    }
  | {
      problem: null;
      reference: string;
      booking: ReturnType<typeof bookingView>;
      moving: string | null;
      repeat: ReturnType<typeof repeatView> | null;
    };

/**
 * GET /status/:token/book (`?day=` the day whose windows to show): the bookable days, the chosen
 * day's windows with the places left. To book: the page starts at the request's preferred date
 * when later than the first allowed (with 'Earlier days' and its reason); 409 when the quote
 * cannot be accepted, with why, from the request's stage (app/server/lifecycle). To move a booked visit
 * (`moving`: its day and window as the page says them): from the first allowed day, the
 * visit's own day chosen; 409 past the cut-off. 404 for an unknown token, 429 past the
 * per-client limit.
 */
export async function bookingPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: BookingPage, status = 200) => data<BookingPage>(body, { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) {
    return answer({ problem: "rate-limited", reference: null, booking: null }, 429);
  }
  const found = await findStatusRequest(context.db, params.token ?? "");
  if (!found || found.kind !== "quote_request") return answer({ problem: "not-found", reference: null, booking: null }, 404);
  const asked = new URL(request.url).searchParams.get("day");
  const { visit } = found;
  if (visit) {
    if (!beforeCutoff(visit, found.settings)) return answer({ problem: "too-late", reference: found.reference, booking: null }, 409);
    const booking = bookingView(await currentAvailability(context.db, new Date(), undefined, found.settings), asked, visit);
    return answer({ problem: null, reference: found.reference, booking, moving: visitLabel(visit), repeat: null });
  }
  const { latest } = found;
  const quote =
    latest?.kind === "quote" && latest.validDays !== null
      ? { id: latest.id, expired: quoteExpired(latest.createdAt.getTime(), latest.validDays) }
      : null;
  const series = await currentSeries(context.db, found.record.id);
  const bookable = quoteBookable({
    status: found.record.status,
    quote,
    // A paused regular cleaning is resumed, not booked again.
    scheduled: series !== undefined,
    accepted: quote !== null && found.acceptedQuoteIds.has(quote.id),
  });
  const stage = found.stage;
  if (!bookable || (stage !== null && (stage.stage !== "quoted" || !stage.priced))) {
    const reason: NotOpenReason = series?.status === "paused" ? "paused" : stage ? headlineOf(stage) : "taken";
    const validUntil =
      latest?.kind === "quote" && latest.validDays !== null ? quoteValidUntil(latest.createdAt.getTime(), latest.validDays) : null;
    return answer({ problem: "not-open", reference: found.reference, booking: null, reason, validUntil }, 409);
  }
  // From the first day allowed: the page starts at the preferred date, with the days before it a link away.
  const days = await currentAvailability(context.db, new Date(), undefined, found.settings);
  const booking = bookingView(days, asked, null, found.record.preferredDate);
  const { frequency } = found.record;
  const repeat = booking.chosen && isSeriesFrequency(frequency) ? repeatView(frequency, booking.chosen.day) : null;
  return answer({ problem: null, reference: found.reference, booking, moving: null, repeat });
}

/**
 * POST /status/:token/book (`day`, `windowStart`, `intent`: `book` or `move`, `repeat`): books the
 * window (once, or with `repeat` the request's frequency, a regular cleaning from that day) or
 * moves the booked visit to it (app/server/booking `changeVisit`), queues the e-mails, then goes
 * back to the status page with 'booked', 'seriesBooked' or 'visitMoved'. A window just taken
 * answers 409 and the page shows the fresh list; an expired, replaced or accepted quote 409;
 * past the cut-off 409; a day or window not offered 400; a malformed day or an `intent` empty or
 * other than `book`/`move` 400 with its sentence (BOOKING_FORM_MESSAGES), nothing changed. Left
 * out entirely, `intent` is `book`.
 */
export async function bookingPageAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, formData: FormData | null = null) =>
    data(refusal(formData, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(bookingSchema));
  if (!form.ok) return refuse(400, form.message);
  // An `intent` sent must name a change: empty or unknown is refused, never read as the schema's default `book`.
  const sentIntent = form.formData.get("intent");
  if (sentIntent !== null && sentIntent !== "book" && sentIntent !== "move")
    return refuse(400, BOOKING_FORM_MESSAGES.intent, form.formData);
  const submission = parseWithZod(form.formData, { schema: bookingSchema });
  if (submission.status !== "success") {
    // The page shows the form's own message: the first field refused, said for the customer.
    const field = Object.entries(submission.error ?? {}).find(([, messages]) => messages?.length);
    const message =
      field?.[0] === "day" ? BOOKING_FORM_MESSAGES.day : field?.[0] === "intent" || !field ? BOOKING_FORM_MESSAGES.intent : field[1]![0]!;
    return data(submission.reply({ formErrors: [message] }), { status: 400, headers: STATUS_HEADERS });
  }
  const { intent, repeat, ...slot } = submission.value;
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.notOpen);
    const change = intent === "book" ? { intent, repeat, ...slot } : { intent, ...slot };
    return await customerVisitChange({ request, context, token: params.token ?? "" }, found.record, change, (status, message) =>
      refuse(status, message, form.formData),
    );
  } catch (error) {
    logFailure("booking_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed, form.formData);
  }
}

/**
 * Makes the customer's change to the request `record`'s visits (app/server/booking
 * `changeVisit`, the customer as actor) and queues its e-mails. Out: a redirect to the status
 * page `token` with the change's notice, or `refuse(status, sentence)` (400 for a choice not
 * offered, else 409). The status page's visit forms answer with it too
 * (app/routes/public/status/visit-action.server.ts). Throws what D1 threw.
 */
export async function customerVisitChange<Refusal>(
  { request, context, token }: { request: Request; context: AppLoadContext; token: string },
  record: Parameters<typeof changeVisit>[1],
  change: VisitChange,
  refuse: (status: number, message: string) => Refusal,
) {
  const result = await changeVisit(context.db, record, change, null);
  if (result.status === "refused") return refuse(result.invalid ? 400 : 409, result.message);
  await queueBookingNews(context, record, result.news);
  const held = await depositOfBooking(context, result.news);
  const notice = held ? "bookedDepositDue" : result.notice;
  return redirect(`/status/${token}`, { headers: { "Set-Cookie": await commitNotice(request, notice), ...STATUS_HEADERS } });
}

/**
 * The deposit a customer's new booking needs (app/server/billing `askDeposit`: the owner's rule,
 * the invoice, its e-mail), for the visit just booked, or the first of a regular cleaning just
 * booked. Out: whether the visit is now held awaiting its deposit. The booking stands whatever
 * happens here: a failure is logged (`deposit_ask_failed`) and the visit reads as booked.
 */
async function depositOfBooking(context: AppLoadContext, news: BookingNews | null): Promise<boolean> {
  if (!news || news.kind !== "booked") return false;
  const visit = news.of === "visit" ? news.visit : news.first;
  if (!visit) return false;
  try {
    return (await askDeposit(context.db, context.cloudflare.env, visit.id, new Date())) !== null;
  } catch (error) {
    logFailure("deposit_ask_failed", error, { visitId: visit.id });
    return false;
  }
}
