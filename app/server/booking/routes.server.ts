/**
 * The HTTP side of booking: /status/:token/book, where the customer accepts the newest quote and
 * books a day and an arrival window, or moves the booked visit; the status page's 'Cancel this
 * visit'; and the record page's visit forms for staff (visits.server.ts has the rules). The
 * customer's pages are found by the status page's token alone, under its per-client limit (429),
 * never cached or indexed (STATUS_HEADERS). Nothing a customer or staff member sends yields a
 * 500: a refusal answers 400 or 409 with its sentence (and, on the booking page, the fresh list
 * of windows).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { format, parseISO } from "date-fns";
import { dayLabel, quoteBookable, visitLabel, windowLabel, type DayAvailability } from "~/domain/booking";
import { refusal } from "~/forms/result";
import { bookingSchema, cancelSchema, staffVisitForms, type StaffVisitForm } from "~/forms/booking";
import { FORM_GUARD_MESSAGES } from "~/domain/messages";
import { STATUS_HEADERS } from "../customer/routes.server";
import { findStatusRequest } from "../customer/status-page.server";
import { commitNotice, type NoticeKey } from "../platform/flash.server";
import { formContract } from "../platform/input-gate.server";
import { logFailure } from "../platform/log.server";
import { allowStatusView } from "../platform/rate-limit.server";
import { readSmallForm } from "../platform/small-form.server";
import { eq } from "drizzle-orm";
import { quoteRequests, type QuoteRequest, type Visit } from "../../../drizzle/schema";
import { bookingMail, formatPrice, visitCancelledMail, visitMovedMail, type BookedVisit } from "../mail/customer-mails.server";
import type { Mail } from "../mail/mailer.server";
import { queueMail } from "../mail/queue.server";
import { readCompany, readNotifyEmail, readSiteUrl } from "../platform/env.server";
import { visitCalendarEvent } from "./calendar.server";
import { assignCrew } from "./crews.server";
import {
  beforeCutoff,
  bookVisit,
  cancelVisit,
  currentAvailability,
  markVisitOutcome,
  moveVisit,
  scheduledVisit,
  saveVisitNotes,
  visitById,
  readAvailabilitySettings,
  visitsWithHistory,
  type MoveOutcome,
  type Slot,
} from "./visits.server";
import { formatAdminDateTime, quoteExpired, todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import type { Database } from "../platform/db.server";

/** The sentences of the booking page. */
const BOOKING_MESSAGES = {
  full: "Sorry, that arrival window was just taken. Please choose another one below.",
  notOpen:
    "This quote can no longer be accepted online: it has expired, was replaced or is already booked. Call or WhatsApp us for a new one.",
  unbookable: "That day or arrival window cannot be booked. Please choose one from the list.",
  failed: "The booking could not be saved. Please try again.",
  tooLate: "It is too close to your visit to change it online. Please call or WhatsApp us.",
  nothingBooked: "There is no booked visit to change.",
  notYet: "A visit can be marked done or no-show from its day on.",
  crewBusy: "That crew has another visit then, or does not work that day. Choose another crew, or move the visit first.",
  noSuchCrew: "Choose one of the active crews.",
  staffNotOpen: "This request has no open quote to book: send a quote first (or a new one, if it expired or was booked).",
} as const;

/** How many days the booking page lists at once (two weeks of working days, about). */
const DAYS_SHOWN = 12;

/**
 * The page's view of the bookable days: the chosen day (asked for, else the booked visit's day
 * when it is moved, else the first with a place left), the DAYS_SHOWN days around it with their labels and whether any window is open, the
 * first days of the pages before and after (for 'Earlier days' and 'Later days'), and the chosen
 * day's windows with the places left (`current`: the window the visit is booked in now).
 */
function bookingView(days: DayAvailability[], asked: string | null, current: Slot | null) {
  const chosen =
    days.find((day) => day.day === (asked ?? current?.day)) ?? days.find((day) => day.windows.some((window) => window.left > 0)) ?? null;
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

type BookingPage =
  | { problem: "not-found" | "rate-limited" | "not-open" | "too-late"; reference: string | null; booking: null }
  | { problem: null; reference: string; booking: ReturnType<typeof bookingView>; moving: string | null };

/**
 * GET /status/:token/book (`?day=` the day whose windows to show): the bookable days, the chosen
 * day's windows with the places left. To book: from the request's preferred date when later
 * than the first allowed; 409 when the quote cannot be accepted. To move a booked visit
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
    return answer({ problem: null, reference: found.reference, booking, moving: visitLabel(visit) });
  }
  const { latest } = found;
  const quote =
    latest?.kind === "quote" && latest.validDays !== null
      ? { id: latest.id, expired: quoteExpired(latest.createdAt.getTime(), latest.validDays) }
      : null;
  if (
    !quoteBookable({
      status: found.record.status,
      quote,
      scheduled: false,
      accepted: quote !== null && found.acceptedQuoteIds.has(quote.id),
    })
  ) {
    return answer({ problem: "not-open", reference: found.reference, booking: null }, 409);
  }
  const days = await currentAvailability(context.db, new Date(), found.record.preferredDate ?? undefined, found.settings);
  return answer({ problem: null, reference: found.reference, booking: bookingView(days, asked, null), moving: null });
}

/**
 * POST /status/:token/book (`day`, `windowStart`, `intent`: `book` or `move`): books the window
 * (visits.server.ts `bookVisit`) or moves the booked visit to it (`moveVisit`), then goes back to
 * the status page with 'booked' or 'visitMoved'. A window just taken answers 409 and the page
 * shows the fresh list; an expired, replaced or accepted quote 409; past the cut-off 409; a day
 * or window not offered 400.
 */
export async function bookingPageAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, formData: FormData | null = null) =>
    data(refusal(formData, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(bookingSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: bookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: STATUS_HEADERS });
  const { intent, ...slot } = submission.value;
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.notOpen);
    const change = await changeVisit(context, found.record, { intent, ...slot }, null);
    if ("refused" in change) return refuse(change.refused[0], change.refused[1], form.formData);
    return redirect(`/status/${params.token}`, {
      headers: { "Set-Cookie": await commitNotice(request, change.notice), ...STATUS_HEADERS },
    });
  } catch (error) {
    logFailure("booking_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed, form.formData);
  }
}

/** What the customer or a staff member asks of the request's visit (`visitId`: that one, else the next scheduled). */
type VisitRequest =
  | ({ intent: "book" } & Slot)
  | ({ visitId?: string } & (
      | ({ intent: "move" } & Slot)
      | { intent: "cancel" | "done" | "no_show" }
      | { intent: "notes"; notes: string }
      | { intent: "assign"; crewId: string | null }
    ));

/**
 * Books, moves, cancels, assigns or marks done or no-show the request's visit for the customer
 * (`userId` null) or a staff member, and queues the e-mails of what changed (none for 'done',
 * 'no-show' and a crew, none for a form sent twice whose first copy did the work). Out: the notice to show, or the refusal's status and
 * sentence. The rules are visits.server.ts's; a staff member's refusal of a quote not open says
 * what staff can do.
 */
async function changeVisit(
  context: AppLoadContext,
  record: QuoteRequest,
  asked: VisitRequest,
  userId: string | null,
): Promise<{ notice: NoticeKey } | { refused: [number, string] }> {
  const { db } = context;
  const by = userId === null ? "customer" : "staff";
  const base = { quoteRequestId: record.id, visitId: asked.intent === "book" ? undefined : asked.visitId, userId };
  switch (asked.intent) {
    case "cancel": {
      const outcome = await cancelVisit(db, base);
      if (outcome.status === "too-late") return { refused: [409, BOOKING_MESSAGES.tooLate] };
      if (outcome.status === "none") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      await queueVisitMails(context, record, { kind: "cancelled", visit: outcome.visit, by });
      return { notice: "visitCancelled" };
    }
    case "notes":
      return (await saveVisitNotes(db, { ...base, notes: asked.notes }))
        ? { notice: "visitNotesSaved" }
        : { refused: [409, BOOKING_MESSAGES.nothingBooked] };
    case "done":
    case "no_show": {
      const outcome = await markVisitOutcome(db, { ...base, userId: userId ?? "", outcome: asked.intent });
      if (outcome === "not-yet") return { refused: [409, BOOKING_MESSAGES.notYet] };
      if (outcome === "none") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      return { notice: outcome === "done" ? "visitDone" : "visitNoShow" };
    }
    case "assign": {
      const visit = await scheduledVisit(db, base);
      if (!visit) return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      const outcome = await assignCrew(db, visit, asked.crewId, { userId });
      if (outcome === "crew-busy") return { refused: [409, BOOKING_MESSAGES.crewBusy] };
      if (outcome === "no-such-crew") return { refused: [400, BOOKING_MESSAGES.noSuchCrew] };
      if (outcome === "not-scheduled") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      return { notice: "visitAssigned" };
    }
    case "move": {
      const moved = await moveVisit(db, { ...base, day: asked.day, windowStart: asked.windowStart });
      if (moved.status === "moved-already") return { notice: "visitMoved" };
      if (moved.status !== "moved") return { refused: moveRefusal(moved) };
      await queueVisitMails(context, record, { kind: "moved", visit: moved.to, from: moved.from, by });
      return { notice: "visitMoved" };
    }
    case "book": {
      const booked = await bookVisit(db, { ...base, day: asked.day, windowStart: asked.windowStart });
      const notice = userId === null ? "booked" : "visitBooked";
      if (booked.status === "booked-already") return { notice };
      if (booked.status === "full") return { refused: [409, BOOKING_MESSAGES.full] };
      if (booked.status === "quote-not-open")
        return { refused: [409, userId === null ? BOOKING_MESSAGES.notOpen : BOOKING_MESSAGES.staffNotOpen] };
      if (booked.status === "unbookable") return { refused: [400, BOOKING_MESSAGES.unbookable] };
      const visit = await visitById(db, booked.visitId);
      if (visit) await queueVisitMails(context, record, { kind: "booked", visit, by });
      return { notice };
    }
  }
}

/** A refused move's status code and sentence. */
function moveRefusal(outcome: Exclude<MoveOutcome, { status: "moved" | "moved-already" }>): [number, string] {
  switch (outcome.status) {
    case "full":
      return [409, BOOKING_MESSAGES.full];
    case "too-late":
      return [409, BOOKING_MESSAGES.tooLate];
    case "none":
      return [409, BOOKING_MESSAGES.nothingBooked];
    case "unbookable":
      return [400, BOOKING_MESSAGES.unbookable];
  }
}

/**
 * The record page's Visit card: the scheduled visit (its label, and whether 'Mark done' applies:
 * from its day on), every visit of the request, newest first, with its status and history lines
 * ("Booked for …, by the customer", "Moved from … to …, by ann@…", with the Jamaica time), and
 * the arrival windows for the staff's book and move forms.
 */
export async function visitCardData(db: Database, quoteRequestId: string, now = new Date()) {
  const [all, settings] = await Promise.all([visitsWithHistory(db, quoteRequestId), readAvailabilitySettings(db)]);
  const scheduled = all.find(({ visit }) => visit.status === "scheduled")?.visit;
  const slotLabel = (day: string, start: string, end: string) => `${dayLabel(day)}, ${windowLabel({ start, end })}`;
  return {
    scheduled: scheduled
      ? {
          label: visitLabel(scheduled),
          canMarkDone: scheduled.day <= todayInJamaica(now),
          address: scheduled.address,
          service: SERVICE_TYPE_LABELS[scheduled.serviceType],
          price: formatPrice(scheduled.amountJmd, scheduled.amountUsd),
          included: scheduled.included,
          notes: scheduled.notes ?? "",
        }
      : null,
    visits: all.map(({ visit, changes }) => ({
      id: visit.id,
      label: visitLabel(visit),
      status: visit.status,
      changes: changes.map((change) => {
        const to = slotLabel(change.day, change.windowStart, change.windowEnd);
        const what = {
          booked: `Booked for ${to}`,
          moved: `Moved from ${change.fromDay && change.fromWindowStart && change.fromWindowEnd ? slotLabel(change.fromDay, change.fromWindowStart, change.fromWindowEnd) : "another day"} to ${to}`,
          assigned: change.crewName ? `Assigned to ${change.crewName}` : "Taken off its crew",
          cancelled: "Cancelled",
          skipped: "Skipped",
          done: "Marked done",
          no_show: "Marked no-show",
        }[change.kind];
        const who =
          change.actor === "customer"
            ? "by the customer"
            : change.actor === "system"
              ? "automatically"
              : `by ${change.actorEmail ?? "a former staff member"}`;
        return {
          key: `${change.kind}-${change.createdAt.getTime()}`,
          text: `${what}, ${who}`,
          when: formatAdminDateTime(change.createdAt.getTime()),
        };
      }),
    })),
    windows: settings.windows.map((window) => ({ start: window.start, label: windowLabel(window) })),
  };
}

/** What happened to a visit, for its e-mails: booked, moved (from where), or cancelled; by whom. */
type VisitNews = { visit: Visit; by: "customer" | "staff" } & ({ kind: "booked" } | { kind: "moved"; from: Visit } | { kind: "cancelled" });

/**
 * The e-mails of a booking, a move or a cancellation: the customer's (a booked or moved visit
 * carries its calendar event, visit.ics, with the same UID so the calendar updates it) and the
 * staff's notification to NOTIFY_EMAIL, through the mail queue, recorded as mails about the request.
 */
async function queueVisitMails(context: AppLoadContext, record: QuoteRequest, news: VisitNews) {
  // The visit is booked, moved or cancelled already: a failure here loses the e-mails (logged), never the change.
  try {
    await queueVisitMailsNow(context, record, news);
  } catch (error) {
    logFailure("visit_mails_failed", error, { quoteRequestId: record.id, kind: news.kind });
  }
}

async function queueVisitMailsNow(context: AppLoadContext, record: QuoteRequest, news: VisitNews) {
  const { env } = context.cloudflare;
  const { visit } = news;
  const when = visitLabel(visit);
  const about = { entity: "quote_request" as const, entityId: record.id };
  const siteUrl = readSiteUrl(env);
  const company = readCompany(env);
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    const { changeCutoffHours } = await readAvailabilitySettings(context.db);
    const booked: BookedVisit = { ...visit, when, cutoffHours: changeCutoffHours };
    const mail: Mail =
      news.kind === "booked"
        ? bookingMail(to, booked, company, siteUrl)
        : news.kind === "moved"
          ? visitMovedMail(to, visitLabel(news.from), booked, company, siteUrl)
          : visitCancelledMail(to, when, company, siteUrl);
    // The visit as a calendar event, or its cancellation (the mail goes without it if none can be made).
    const event = visitCalendarEvent(visit, company, new URL(siteUrl).host, record.reference);
    const attachments = event ? [{ filename: "visit.ics", type: "text/calendar", content: event }] : undefined;
    queueMail(context, { ...mail, attachments }, { kind: "confirmation", ...about });
  }
  const link = `${siteUrl}/admin/quotes/${record.id}`;
  const how = news.by === "customer" ? "online" : "by the staff";
  const lines: Record<VisitNews["kind"], [string, string]> = {
    booked: [`Visit booked: ${record.reference ?? record.name}, ${when}`, `${record.name}'s visit was booked ${how}.`],
    moved: [
      `Visit moved: ${record.reference ?? record.name}, now ${when}`,
      `${record.name}'s visit was moved ${how}, from ${news.kind === "moved" ? visitLabel(news.from) : ""}.`,
    ],
    cancelled: [`Visit cancelled: ${record.reference ?? record.name}, ${when}`, `${record.name}'s visit was cancelled ${how}.`],
  };
  const [subject, line] = lines[news.kind];
  queueMail(
    context,
    {
      to: readNotifyEmail(env),
      subject,
      text: `${line}\n\n${when}\nAddress: ${visit.address}\nPrice: ${formatPrice(visit.amountJmd, visit.amountUsd)}\n\nOpen the request: ${link}`,
      links: [link],
      replyTo: record.email,
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
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(cancelSchema));
  if (!form.ok || parseWithZod(form.formData, { schema: cancelSchema }).status !== "success") {
    return refuse(400, BOOKING_MESSAGES.nothingBooked);
  }
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.nothingBooked);
    const change = await changeVisit(context, found.record, { intent: "cancel" }, null);
    if ("refused" in change) return refuse(...change.refused);
    return redirect(`/status/${params.token}`, {
      headers: { "Set-Cookie": await commitNotice(request, change.notice), ...STATUS_HEADERS },
    });
  } catch (error) {
    logFailure("visit_cancel_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}

/** What a staff visit form asks, as changeVisit reads it. */
function visitRequestOf(value: StaffVisitForm): VisitRequest {
  switch (value.intent) {
    case "book":
      return { intent: "book", day: value.day, windowStart: value.windowStart };
    case "move-visit":
      return { intent: "move", visitId: value.visitId, day: value.day, windowStart: value.windowStart };
    case "visit-notes":
      return { intent: "notes", visitId: value.visitId, notes: value.notes };
    case "assign-crew":
      return { intent: "assign", visitId: value.visitId, crewId: value.crewId === "" ? null : value.crewId };
    case "cancel-visit":
      return { intent: "cancel", visitId: value.visitId };
    case "visit-done":
      return { intent: "done", visitId: value.visitId };
    case "visit-no-show":
      return { intent: "no_show", visitId: value.visitId };
  }
}

/**
 * The record page's visit forms (a phone booking): 'Book for the customer' (`book`), 'Move
 * visit' (`move-visit`), 'Cancel visit' (`cancel-visit`), 'Mark done' (`visit-done`) and the
 * crew's notes (`visit-notes`), under
 * the same rules as the customer's (bookVisit, moveVisit, cancelVisit; staff may move and cancel
 * after the cut-off), with the same e-mails (none for 'Mark done'), the staff member in the
 * visit's history. Success: back to the record with its notice; a refusal is the form's result
 * with its sentence (400, 409).
 */
export async function staffVisitAction(
  request: Request,
  context: AppLoadContext,
  quoteRequestId: string,
  userId: string,
  formData: FormData,
  backTo = new URL(request.url).pathname,
) {
  const submission = parseWithZod(formData, { schema: staffVisitForms });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  try {
    const record = await context.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get();
    if (!record) return refuse(404, BOOKING_MESSAGES.nothingBooked);
    const change = await changeVisit(context, record, visitRequestOf(submission.value), userId);
    if ("refused" in change) return refuse(...change.refused);
    return redirect(backTo, { headers: { "Set-Cookie": await commitNotice(request, change.notice) } });
  } catch (error) {
    logFailure("visit_change_failed", error, { quoteRequestId });
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}
