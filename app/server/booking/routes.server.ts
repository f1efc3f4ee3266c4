/**
 * The HTTP side of /status/:token/book: the customer accepts the newest quote and books a day
 * and an arrival window (visits.server.ts has the rules). Found by the status page's token
 * alone, under the status page's per-client limit (429), never cached or indexed
 * (STATUS_HEADERS). Nothing a customer sends yields a 500: a refused booking answers 400 or 409
 * with its sentence and the fresh list of windows.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { format, parseISO } from "date-fns";
import { dayLabel, windowLabel, type DayAvailability } from "~/domain/booking";
import { refusal } from "~/forms/result";
import { bookingSchema, staffBookingSchema } from "~/forms/booking";
import { STATUS_HEADERS } from "../customer/routes.server";
import { findStatusRequest } from "../customer/status-page.server";
import { commitNotice, type NoticeKey } from "../platform/flash.server";
import { formContract } from "../platform/input-gate.server";
import { logFailure } from "../platform/log.server";
import { allowStatusView } from "../platform/rate-limit.server";
import { readSmallForm } from "../platform/small-form.server";
import { eq } from "drizzle-orm";
import { quoteRequests, type QuoteRequest, type Visit } from "../../../drizzle/schema";
import { z } from "~/forms/zod";
import { bookingMail, formatPrice, visitCancelledMail, type BookedVisit } from "../mail/customer-mails.server";
import { queueMail } from "../mail/queue.server";
import { readCompany, readNotifyEmail, readSiteUrl } from "../platform/env.server";
import { visitCalendarEvent } from "./calendar.server";
import { bookVisit, cancelVisit, currentAvailability, visitById, type BookingOutcome } from "./visits.server";

/** The sentences of the booking page. */
const BOOKING_MESSAGES = {
  full: "Sorry, that arrival window was just taken. Please choose another one below.",
  notOpen:
    "This quote can no longer be accepted online: it has expired, was replaced or is already booked. Call or WhatsApp us for a new one.",
  unbookable: "That day or arrival window cannot be booked. Please choose one from the list.",
  failed: "The booking could not be saved. Please try again.",
  tooLate: "It is too close to your visit to change it online. Please call or WhatsApp us.",
  nothingBooked: "There is no booked visit to cancel.",
} as const;

/** How many days the booking page lists at once (two weeks of working days, about). */
const DAYS_SHOWN = 12;

/**
 * The page's view of the bookable days: the chosen day (asked for, else the first with a place
 * left), the DAYS_SHOWN days around it with their labels and whether any window is open, the
 * first days of the pages before and after (for 'Earlier days' and 'Later days'), and the chosen
 * day's windows with the places left.
 */
function bookingView(days: DayAvailability[], asked: string | null) {
  const chosen = days.find((day) => day.day === asked) ?? days.find((day) => day.windows.some((window) => window.left > 0)) ?? null;
  const start = chosen ? Math.floor(days.indexOf(chosen) / DAYS_SHOWN) * DAYS_SHOWN : 0;
  return {
    days: days.slice(start, start + DAYS_SHOWN).map((day) => ({
      day: day.day,
      label: format(parseISO(day.day), "EEE, MMM d"),
      open: day.windows.some((window) => window.left > 0),
    })),
    earlier: start > 0 ? days[start - DAYS_SHOWN]!.day : null,
    later: days[start + DAYS_SHOWN]?.day ?? null,
    chosen: chosen
      ? {
          day: chosen.day,
          label: dayLabel(chosen.day),
          windows: chosen.windows.map((window) => ({ start: window.start, label: windowLabel(window), left: window.left })),
        }
      : null,
  };
}

type BookingPage =
  | { problem: "not-found" | "rate-limited" | "not-open"; reference: string | null; booking: null }
  | { problem: null; reference: string; booking: ReturnType<typeof bookingView> };

/**
 * GET /status/:token/book (`?day=` the day whose windows to show): the bookable days from the
 * request's preferred date (when later than the first allowed), the chosen day's windows with
 * the places left. 404 for an unknown token, 409 when the quote cannot be accepted, 429 past
 * the per-client limit.
 */
export async function bookingPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: BookingPage, status = 200) => data<BookingPage>(body, { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) {
    return answer({ problem: "rate-limited", reference: null, booking: null }, 429);
  }
  const found = await findStatusRequest(context.db, params.token ?? "");
  if (!found || found.kind !== "quote_request") return answer({ problem: "not-found", reference: null, booking: null }, 404);
  if (found.record.status !== "quoted" || found.latest?.kind !== "quote") {
    return answer({ problem: "not-open", reference: found.reference, booking: null }, 409);
  }
  const days = await currentAvailability(context.db, new Date(), found.record.preferredDate ?? undefined);
  return answer({ problem: null, reference: found.reference, booking: bookingView(days, new URL(request.url).searchParams.get("day")) });
}

/**
 * POST /status/:token/book (`day`, `windowStart`): books it (visits.server.ts `bookVisit`) and
 * goes back to the status page with 'booked'; a window just taken answers 409 and the page
 * shows the fresh list; an expired, replaced or accepted quote 409; a day or window not offered 400.
 */
export async function bookingPageAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, formData: FormData | null = null) =>
    data(refusal(formData, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, BOOKING_MESSAGES.unbookable);
  const form = await readSmallForm(request, formContract(bookingSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: bookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: STATUS_HEADERS });
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.notOpen);
    const outcome: BookingOutcome = await bookVisit(context.db, {
      quoteRequestId: found.record.id,
      ...submission.value,
      actorUserId: null,
    });
    if (outcome.status === "full") return refuse(409, BOOKING_MESSAGES.full, form.formData);
    if (outcome.status === "quote-not-open") return refuse(409, BOOKING_MESSAGES.notOpen, form.formData);
    if (outcome.status === "unbookable") return refuse(400, BOOKING_MESSAGES.unbookable, form.formData);
    await queueBookingMails(context, found.record, outcome.visitId);
    return redirect(`/status/${params.token}`, { headers: { "Set-Cookie": await commitNotice(request, "booked"), ...STATUS_HEADERS } });
  } catch (error) {
    logFailure("booking_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed, form.formData);
  }
}

/**
 * After a booking: the customer's confirmation and the staff's notification (to NOTIFY_EMAIL),
 * both through the mail queue, recorded as mails about the request.
 */
async function queueBookingMails(context: AppLoadContext, request: QuoteRequest, visitId: string) {
  const { env } = context.cloudflare;
  const visit = await visitById(context.db, visitId);
  if (!visit || !request.reference || !request.statusToken) return;
  const booked: BookedVisit = {
    when: `${dayLabel(visit.day)}, arrival ${windowLabel({ start: visit.windowStart, end: visit.windowEnd })}`,
    address: visit.address,
    serviceType: visit.serviceType,
    amountJmd: visit.amountJmd,
    amountUsd: visit.amountUsd,
    included: visit.included,
  };
  const about = { entity: "quote_request" as const, entityId: request.id };
  const siteUrl = readSiteUrl(env);
  const company = readCompany(env);
  const confirmation = bookingMail(
    { email: request.email, reference: request.reference, statusToken: request.statusToken },
    booked,
    company,
    siteUrl,
  );
  // The visit as a calendar event, attached (without it if the event cannot be made).
  const event = visitCalendarEvent(visit, company, new URL(siteUrl).host, confirmation.links[0]!);
  const attachments = event ? [{ filename: "visit.ics", type: "text/calendar", content: event }] : undefined;
  queueMail(context, { ...confirmation, attachments }, { kind: "confirmation", ...about });
  const record = `${siteUrl}/admin/quotes/${request.id}`;
  queueMail(
    context,
    {
      to: readNotifyEmail(env),
      subject: `Visit booked: ${request.reference}, ${booked.when}`,
      text: `${request.name} booked a visit online.\n\n${booked.when}\nAddress: ${booked.address}\nPrice: ${formatPrice(booked.amountJmd, booked.amountUsd)}\n\nOpen the request: ${record}`,
      links: [record],
      replyTo: request.email,
    },
    { kind: "notification", ...about },
  );
}

/**
 * POST /status/:token (`intent=cancel`): the customer cancels the booked visit, until the
 * cut-off before its window (visits.server.ts `cancelVisit`); the customer and the staff are
 * e-mailed, and the page says so ('visitCancelled'). Past the cut-off 409 with the sentence to
 * call; nothing booked 409. Under the status page's per-client limit.
 */
export async function cancelVisitAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string) => data(refusal(null, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, BOOKING_MESSAGES.tooLate);
  const form = await readSmallForm(request, formContract(cancelSchema));
  if (!form.ok || form.formData.get("intent") !== "cancel") return refuse(400, BOOKING_MESSAGES.nothingBooked);
  const found = await findStatusRequest(context.db, params.token ?? "");
  if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.nothingBooked);
  const outcome = await cancelVisit(context.db, { quoteRequestId: found.record.id, actorUserId: null });
  if (outcome.status === "too-late") return refuse(409, BOOKING_MESSAGES.tooLate);
  if (outcome.status === "none") return refuse(409, BOOKING_MESSAGES.nothingBooked);
  queueCancelMails(context, found.record, outcome.visit, "online");
  return redirect(`/status/${params.token}`, {
    headers: { "Set-Cookie": await commitNotice(request, "visitCancelled"), ...STATUS_HEADERS },
  });
}

/** The status page's cancel form. */
const cancelSchema = z.object({ intent: z.literal("cancel") });

/** After a cancellation: the customer's note and the staff's notification, as mails about the request. */
function queueCancelMails(context: AppLoadContext, record: QuoteRequest, visit: Visit, how: "online" | "by the staff") {
  const { env } = context.cloudflare;
  const when = `${dayLabel(visit.day)}, arrival ${windowLabel({ start: visit.windowStart, end: visit.windowEnd })}`;
  const about = { entity: "quote_request" as const, entityId: record.id };
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    queueMail(context, visitCancelledMail(to, when, readCompany(env), readSiteUrl(env)), { kind: "confirmation", ...about });
  }
  const link = `${readSiteUrl(env)}/admin/quotes/${record.id}`;
  queueMail(
    context,
    {
      to: readNotifyEmail(env),
      subject: `Visit cancelled: ${record.reference ?? record.name}, ${when}`,
      text: `The visit of ${record.name} was cancelled ${how}: ${when}.\n\nOpen the request: ${link}`,
      links: [link],
      replyTo: record.email,
    },
    { kind: "notification", ...about },
  );
}

/**
 * 'Book for the customer' and 'Cancel visit' on a quote request's admin page (a phone booking):
 * the same rules as the customer's (bookVisit, cancelVisit; staff may cancel after the cut-off),
 * the same e-mails, the staff member in the visit's history. Success: back to the record with
 * 'visitBooked' or 'visitCancelled'; a refusal is the form's result with its sentence (400, 409).
 */
export async function staffBookingAction(
  request: Request,
  context: AppLoadContext,
  quoteRequestId: string,
  userId: string,
  formData: FormData,
) {
  const back = async (notice: NoticeKey) =>
    redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const record = await context.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get();
  if (!record) return data(refusal(formData, BOOKING_MESSAGES.notOpen), { status: 404 });
  if (formData.get("intent") === "cancel-visit") {
    const outcome = await cancelVisit(context.db, { quoteRequestId, actorUserId: userId });
    if (outcome.status !== "cancelled") return data(refusal(formData, BOOKING_MESSAGES.nothingBooked), { status: 409 });
    queueCancelMails(context, record, outcome.visit, "by the staff");
    return back("visitCancelled");
  }
  const submission = parseWithZod(formData, { schema: staffBookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { day, windowStart } = submission.value;
  const outcome = await bookVisit(context.db, { quoteRequestId, day, windowStart, actorUserId: userId });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  if (outcome.status === "full") return refuse(409, BOOKING_MESSAGES.full);
  if (outcome.status === "quote-not-open") return refuse(409, BOOKING_MESSAGES.notOpen);
  if (outcome.status === "unbookable") return refuse(400, BOOKING_MESSAGES.unbookable);
  await queueBookingMails(context, record, outcome.visitId);
  return back("visitBooked");
}
