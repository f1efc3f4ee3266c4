/**
 * Booking a visit (app/server/booking/visits.server.ts) on real D1 in Miniflare: the statement
 * that books keeps every window within its capacity whatever arrives at once, and a refused
 * booking writes nothing.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { dayLabel, plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import type { Database } from "~/server/platform";
import { bookVisit, currentAvailability } from "~/server/booking";
import * as schema from "../../drizzle/schema";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["visit_changes", "visits", "customer_replies", "quote_requests", "availability_settings", "days_off"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

/** A quoted request with a quote sent now (tests/integration/booking-seed.ts). */
const quotedRequest = (n: number, token?: string) => seedQuotedRequest(worker, n, { token });

/** The first working day the default settings let a customer book (two days' notice, not a Sunday). */
function firstBookableDay(): string {
  let day = plusDays(todayInJamaica(), 2);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = plusDays(day, 1);
  return day;
}

/** The `count` working days (not Sundays) after `day`. */
function workingDaysAfter(day: string, count: number): string[] {
  const days: string[] = [];
  for (let next = plusDays(day, 1); days.length < count; next = plusDays(next, 1)) {
    if (new Date(`${next}T12:00:00Z`).getUTCDay() !== 0) days.push(next);
  }
  return days;
}

describe("/status/:token/book", () => {
  test("20 customers confirm the last place in one window at once: one is booked, 19 are told it was taken and shown the window as taken", async () => {
    const day = firstBookableDay();
    await bookVisit(db, { quoteRequestId: await quotedRequest(0), day, windowStart: "09:00", userId: null });
    const tokens = Array.from({ length: 20 }, () => crypto.randomUUID().replaceAll("-", ""));
    await Promise.all(tokens.map((token, i) => quotedRequest(i + 1, token)));
    const page = await worker.fetch(`/status/${tokens[0]}/book?day=${day}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(await page.text()).toContain("9:00 AM-11:00 AM");
    const answers = await Promise.all(
      tokens.map((token) => postFields(worker, `/status/${token}/book?day=${day}`, { day, windowStart: "09:00" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const refused = answers.find((answer) => answer.status === 409)!;
    const html = (await refused.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("that arrival window was just taken");
    expect(html).toMatch(/<input type="radio" name="windowStart" disabled="" required="" value="09:00"\/>[^]*?Taken/);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits").first()).toEqual({ n: 2 });
    // The status page says what was booked, and offers booking no more; the others still offer it.
    const winner = tokens[statuses.indexOf(302)]!;
    const status = (await (await worker.fetch(`/status/${winner}`)).text()).replaceAll("&#x27;", "'");
    expect(status).toContain(`Booked: ${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);
    expect(status).not.toContain("Accept and book");
    expect(await (await worker.fetch(`/status/${tokens[statuses.indexOf(409)]}`)).text()).toContain("Accept and book");
    // The staff see it on the request's page.
    const { id } = (await worker.db.prepare("SELECT id FROM quote_requests WHERE status_token = ?").bind(winner).first<{ id: string }>())!;
    const admin = await createAdminSession(worker);
    const record = await (await worker.fetch(`/admin/quotes/${id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(record).toContain(`${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);
    // The customer and the staff are told, once.
    const customer = `client${statuses.indexOf(302) + 1}@example.com`;
    const confirmation = await waitFor(
      () => worker.mails().find((mail) => mail.to === customer && mail.subject.startsWith("Your visit is booked")),
      "the confirmation",
    );
    expect(confirmation.text).toContain(`Booked: ${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);
    expect(confirmation.text).toContain("Address: 2 Gloucester Avenue");
    expect(confirmation.text).toContain("J$14,500");
    expect(confirmation.links[0]).toContain(`/status/${winner}`);
    // The visit as an iCalendar event: 9:00-11:00 in Jamaica is 14:00-16:00 UTC.
    const [ics] = confirmation.attachments!;
    expect(ics).toMatchObject({ filename: "visit.ics", type: "text/calendar" });
    expect(ics!.content).toContain("BEGIN:VEVENT");
    expect(ics!.content).toContain(`DTSTART:${day.replaceAll("-", "")}T140000Z`);
    expect(ics!.content).toContain(`DTEND:${day.replaceAll("-", "")}T160000Z`);
    expect(ics!.content).toContain("LOCATION:2 Gloucester Avenue");
    const notice = await waitFor(() => worker.mails().find((mail) => mail.subject.startsWith("Visit booked:")), "the staff's notification");
    expect(notice.to).toBe("bookings@montegobaycleaning.example");
    expect(worker.mails().filter((mail) => mail.subject.startsWith("Your visit is booked"))).toHaveLength(1);
  });
});

describe("cancelling from the status page", () => {
  test("before the cut-off the customer cancels: the window is free again, both sides are e-mailed, and the quote can be booked again", async () => {
    const day = firstBookableDay();
    const token = crypto.randomUUID().replaceAll("-", "");
    await quotedRequest(1, token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(302);
    expect(await (await worker.fetch(`/status/${token}`)).text()).toContain("Cancel this visit");
    const cancelled = await postFields(worker, `/status/${token}`, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(await worker.db.prepare("SELECT status FROM visits").all()).toMatchObject({ results: [{ status: "cancelled" }] });
    expect(await worker.db.prepare("SELECT kind FROM visit_changes ORDER BY created_at").all()).toMatchObject({
      results: [{ kind: "booked" }, { kind: "cancelled" }],
    });
    await waitFor(
      () => worker.mails().find((mail) => mail.to === "client1@example.com" && mail.subject.startsWith("Your visit is cancelled")),
      "the customer's mail",
    );
    const cancelledMail = worker
      .mails()
      .find((mail) => mail.to === "client1@example.com" && mail.subject.startsWith("Your visit is cancelled"));
    // The calendar event's cancellation: the same UID, METHOD:CANCEL.
    expect(cancelledMail?.attachments?.[0]?.content).toMatch(/METHOD:CANCEL/);
    expect(cancelledMail?.attachments?.[0]?.content).toMatch(/STATUS:CANCELLED/);
    await waitFor(() => worker.mails().find((mail) => mail.subject.startsWith("Visit cancelled:")), "the staff's mail");
    expect(await (await worker.fetch(`/status/${token}`)).text()).toContain("Accept and book");
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "11:00" })).status).toBe(302);
    // Nothing left to cancel twice over.
    expect((await postFields(worker, `/status/${token}`, { intent: "cancel" })).status).toBe(302);
    expect((await postFields(worker, `/status/${token}`, { intent: "cancel" })).status).toBe(409);
  });

  test("within the cut-off the page says to call, and a cancel sent anyway is refused", async () => {
    const day = firstBookableDay();
    const token = crypto.randomUUID().replaceAll("-", "");
    await quotedRequest(1, token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(302);
    await worker.db
      .prepare(
        'INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, \'[1,2,3,4,5,6]\', \'[{"start":"09:00","end":"11:00"}]\', 2, 2, 60, 720, 1)',
      )
      .run();
    const page = (await (await worker.fetch(`/status/${token}`)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("too close to your visit to change it online");
    expect(page).not.toContain("Cancel this visit");
    const refused = await postFields(worker, `/status/${token}`, { intent: "cancel" });
    expect(refused.status).toBe(409);
    expect(await worker.db.prepare("SELECT status FROM visits").all()).toMatchObject({ results: [{ status: "scheduled" }] });
  });
});

describe("moving a visit", () => {
  test("the customer moves the visit: the new window is taken, the old one is free, both sides are e-mailed with the new day, the .ics keeps its UID", async () => {
    const day = firstBookableDay();
    const [later] = workingDaysAfter(day, 1) as [string];
    const token = crypto.randomUUID().replaceAll("-", "");
    await quotedRequest(3, token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(302);
    const status = await (await worker.fetch(`/status/${token}`)).text();
    expect(status).toContain("Change day or time");
    const page = await (await worker.fetch(`/status/${token}/book`)).text();
    expect(page).toContain("Change your visit");
    expect(page).toContain("Your visit now");

    // The window it is in already: nothing to do, nothing written.
    expect((await postFields(worker, `/status/${token}/book`, { intent: "move", day, windowStart: "09:00" })).status).toBe(302);
    const moved = await postFields(worker, `/status/${token}/book`, { intent: "move", day: later, windowStart: "13:00" });
    expect(moved.status).toBe(302);
    expect(await worker.db.prepare("SELECT day, window_start, window_end, status FROM visits").all()).toMatchObject({
      results: [{ day: later, window_start: "13:00", window_end: "15:00", status: "scheduled" }],
    });
    expect(
      await worker.db
        .prepare("SELECT kind, from_day, from_window_start, day, window_start, actor FROM visit_changes ORDER BY created_at")
        .all(),
    ).toMatchObject({
      results: [
        { kind: "booked", actor: "customer" },
        { kind: "moved", from_day: day, from_window_start: "09:00", day: later, window_start: "13:00", actor: "customer" },
      ],
    });
    const days = await currentAvailability(db);
    expect(days.find((entry) => entry.day === day)?.windows.find((window) => window.start === "09:00")?.left).toBe(2);
    expect(days.find((entry) => entry.day === later)?.windows.find((window) => window.start === "13:00")?.left).toBe(1);
    const mail = await waitFor(
      () => worker.mails().find((sent) => sent.to === "client3@example.com" && sent.subject.startsWith("Your visit is moved")),
      "the customer's mail",
    );
    expect(mail.text).toContain(`${dayLabel(later)}, arrival 1:00 PM-3:00 PM`);
    expect(mail.text).toContain(`it was ${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);
    const booked = worker.mails().find((sent) => sent.to === "client3@example.com" && sent.subject.startsWith("Your visit is booked"));
    const uid = (text: string | undefined) => /UID:(\S+)/.exec(text ?? "")?.[1];
    expect(uid(mail.attachments?.[0]?.content)).toBeTruthy();
    expect(uid(mail.attachments?.[0]?.content)).toBe(uid(booked?.attachments?.[0]?.content));
    // A higher SEQUENCE, so calendars replace the first event; no status link (its token) in the event.
    expect(booked?.attachments?.[0]?.content).toMatch(/SEQUENCE:0/);
    expect(mail.attachments?.[0]?.content).toMatch(/SEQUENCE:1/);
    expect(mail.attachments?.[0]?.content).not.toContain(token);
    await waitFor(() => worker.mails().find((sent) => sent.subject.startsWith("Visit moved:")), "the staff's mail");
  });

  test("a move into a full window, a day off or past the cut-off is refused and changes nothing", async () => {
    const day = firstBookableDay();
    const token = crypto.randomUUID().replaceAll("-", "");
    await quotedRequest(4, token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(302);
    // 11:00 full: two other customers there.
    for (const n of [5, 6]) {
      expect((await bookVisit(db, { quoteRequestId: await quotedRequest(n), day, windowStart: "11:00", userId: null })).status).toBe(
        "booked",
      );
    }
    expect((await postFields(worker, `/status/${token}/book`, { intent: "move", day, windowStart: "11:00" })).status).toBe(409);
    const off = plusDays(day, 7);
    await worker.db.prepare("INSERT INTO days_off (day, name, created_at) VALUES (?, 'Closed', 1)").bind(off).run();
    expect((await postFields(worker, `/status/${token}/book`, { intent: "move", day: off, windowStart: "09:00" })).status).toBe(400);
    await worker.db
      .prepare(
        'INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, \'[1,2,3,4,5,6]\', \'[{"start":"09:00","end":"11:00"},{"start":"13:00","end":"15:00"}]\', 2, 2, 60, 720, 1)',
      )
      .run();
    expect((await postFields(worker, `/status/${token}/book`, { intent: "move", day, windowStart: "13:00" })).status).toBe(409);
    expect((await worker.fetch(`/status/${token}/book`)).status).toBe(409);
    expect(
      await worker.db
        .prepare("SELECT day, window_start FROM visits WHERE quote_request_id IN (SELECT id FROM quote_requests WHERE status_token = ?)")
        .bind(token)
        .all(),
    ).toMatchObject({
      results: [{ day, window_start: "09:00" }],
    });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visit_changes WHERE kind = 'moved'").first()).toEqual({ n: 0 });
  });

  test("20 moves at once into the last place of a window: one lands, 19 are told it was taken", async () => {
    const day = firstBookableDay();
    await bookVisit(db, { quoteRequestId: await quotedRequest(0), day, windowStart: "13:00", userId: null });
    const later = workingDaysAfter(day, 10);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const token = crypto.randomUUID().replaceAll("-", "");
        const id = await quotedRequest(100 + n, token);
        // Each starts alone in a window of a later day.
        const from = { day: later[Math.floor(n / 2)]!, windowStart: n % 2 ? "09:00" : "11:00" };
        expect((await bookVisit(db, { quoteRequestId: id, ...from, userId: null })).status).toBe("booked");
        return token;
      }),
    );
    const answers = await Promise.all(
      tokens.map((token) => postFields(worker, `/status/${token}/book`, { intent: "move", day, windowStart: "13:00" })),
    );
    const codes = answers.map((answer) => answer.status).sort();
    expect(codes.filter((code) => code === 302)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(
      await worker.db
        .prepare("SELECT count(*) AS n FROM visits WHERE day = ? AND window_start = '13:00' AND status = 'scheduled'")
        .bind(day)
        .first(),
    ).toEqual({ n: 2 });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visit_changes WHERE kind = 'moved'").first()).toEqual({ n: 1 });
  });

  test("staff move a visit after the cut-off, mark it done from its day on, and only then complete the request; the list shows the next visit", async () => {
    const day = firstBookableDay();
    const id = await quotedRequest(8);
    const admin = await createAdminSession(worker);
    const post = (fields: Record<string, string>) => postFields(worker, `/admin/quotes/${id}`, fields, { Cookie: admin.cookie });
    expect((await post({ intent: "book", day, windowStart: "09:00" })).status).toBe(302);
    const list = await (await worker.fetch("/admin/quotes", { headers: { Cookie: admin.cookie } })).text();
    expect(list).toContain('data-stage="booked"');
    expect(list).toContain(
      new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }) +
        ", 9:00 AM",
    );
    // Not yet its day: 'Mark done' is refused; completing the request too.
    expect((await post({ intent: "visit-done" })).status).toBe(409);
    const completing = await post({ id, to: "completed" });
    expect(completing.status).toBe(409);
    expect(await completing.text()).toContain("a visit is still scheduled");
    await worker.db
      .prepare(
        'INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, \'[1,2,3,4,5,6,7]\', \'[{"start":"09:00","end":"11:00"},{"start":"11:00","end":"13:00"}]\', 2, 0, 60, 720, 1)',
      )
      .run();
    // Staff may move it past the customer's cut-off: to today's last window, if not begun; else tomorrow's.
    const today = todayInJamaica();
    const moved = await post({ intent: "move-visit", day: today, windowStart: "11:00" });
    const target = moved.status === 302 ? today : plusDays(today, 1);
    if (moved.status !== 302) expect((await post({ intent: "move-visit", day: target, windowStart: "11:00" })).status).toBe(302);
    const page = await (await worker.fetch(`/admin/quotes/${id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain(`Moved from ${dayLabel(day)}, 9:00 AM-11:00 AM to ${dayLabel(target)}, 11:00 AM-1:00 PM, by ${admin.email}`);
    // Notes for the crew: saved, shown, refused when too long (and then unchanged).
    expect((await post({ intent: "visit-notes", notes: "Gate code 4412; a friendly dog." })).status).toBe(302);
    const tooLong = await post({ intent: "visit-notes", notes: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Notes must be at most 1,000 characters.");
    expect(await worker.db.prepare("SELECT notes FROM visits").first()).toEqual({ notes: "Gate code 4412; a friendly dog." });
    expect(await (await worker.fetch(`/admin/quotes/${id}`, { headers: { Cookie: admin.cookie } })).text()).toContain(
      "Gate code 4412; a friendly dog.",
    );
    // The visit's day comes: it can be marked done, and then the request completed.
    await worker.db.prepare("UPDATE visits SET day = ?").bind(today).run();
    expect((await post({ intent: "visit-done" })).status).toBe(302);
    expect((await post({ id, to: "completed" })).status).toBe(302);
    expect(await worker.db.prepare("SELECT status FROM quote_requests WHERE id = ?").bind(id).first()).toEqual({ status: "completed" });
    expect(await worker.db.prepare("SELECT status FROM visits").first()).toEqual({ status: "done" });
    expect(await worker.db.prepare("SELECT kind, actor FROM visit_changes ORDER BY created_at").all()).toMatchObject({
      results: [
        { kind: "booked", actor: "staff" },
        { kind: "moved", actor: "staff" },
        { kind: "done", actor: "staff" },
      ],
    });
  });
});

describe("a form sent twice, a date that does not exist, windows redrawn", () => {
  test("the same booking and the same move sent twice are done once: both answers succeed, one visit, one history row each, one set of e-mails", async () => {
    const day = firstBookableDay();
    const [later] = workingDaysAfter(day, 1) as [string];
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(9, token);
    const twice = async (fields: Record<string, string>) =>
      Promise.all([postFields(worker, `/status/${token}/book`, fields), postFields(worker, `/status/${token}/book`, fields)]);
    expect((await twice({ day, windowStart: "09:00" })).map((answer) => answer.status)).toEqual([302, 302]);
    expect((await twice({ intent: "move", day: later, windowStart: "11:00" })).map((answer) => answer.status)).toEqual([302, 302]);
    expect(await worker.db.prepare("SELECT day, window_start, status FROM visits").all()).toMatchObject({
      results: [{ day: later, window_start: "11:00", status: "scheduled" }],
    });
    expect(await worker.db.prepare("SELECT kind FROM visit_changes ORDER BY created_at").all()).toMatchObject({
      results: [{ kind: "booked" }, { kind: "moved" }],
    });
    const ofClient = (subject: string) => () =>
      worker.mails().find((mail) => mail.to === "client9@example.com" && mail.subject.startsWith(subject));
    await waitFor(ofClient("Your visit is booked"), "the confirmation");
    await waitFor(ofClient("Your visit is moved"), "the move's mail");
    const mine = worker.mails().filter((mail) => mail.to === "client9@example.com");
    expect(mine.filter((mail) => mail.subject.startsWith("Your visit is booked"))).toHaveLength(1);
    expect(mine.filter((mail) => mail.subject.startsWith("Your visit is moved"))).toHaveLength(1);
    // Every mail about the request, as queued: one confirmation and one notification for each change.
    expect(
      await worker.db
        .prepare("SELECT kind, count(*) AS n FROM mail_deliveries WHERE entity_id = ? GROUP BY kind ORDER BY kind")
        .bind(id)
        .all(),
    ).toMatchObject({
      results: [
        { kind: "confirmation", n: 2 },
        { kind: "notification", n: 2 },
      ],
    });
  });

  test("a day that is not in the calendar is refused with 400 for the customer and the staff, and nothing is stored", async () => {
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(10, token);
    const admin = await createAdminSession(worker);
    for (const day of ["2026-11-31", "2027-02-29", "2026-13-01"]) {
      expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(400);
      expect(
        (await postFields(worker, `/admin/quotes/${id}`, { intent: "book", day, windowStart: "09:00" }, { Cookie: admin.cookie })).status,
      ).toBe(400);
    }
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits").first()).toEqual({ n: 0 });
  });

  test("after the staff redraw the windows, visits booked in the old ones still take their crews", async () => {
    const day = firstBookableDay();
    for (const n of [11, 12]) {
      expect((await bookVisit(db, { quoteRequestId: await quotedRequest(n), day, windowStart: "09:00", userId: null })).status).toBe(
        "booked",
      );
    }
    // 09:00-11:00 (full, capacity 2) becomes 08:00-10:00 and 10:00-12:00: both overlap the two visits.
    await worker.db
      .prepare(
        'INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, \'[1,2,3,4,5,6]\', \'[{"start":"08:00","end":"10:00"},{"start":"10:00","end":"12:00"},{"start":"13:00","end":"15:00"}]\', 2, 2, 60, 24, 1)',
      )
      .run();
    const windows = (await currentAvailability(db)).find((entry) => entry.day === day)!.windows;
    expect(windows.map((window) => window.left)).toEqual([0, 0, 2]);
    const refused = await bookVisit(db, { quoteRequestId: await quotedRequest(13), day, windowStart: "10:00", userId: null });
    expect(refused).toEqual({ status: "full" });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits").first()).toEqual({ n: 2 });
  });
});

describe("a new quote while a visit is scheduled", () => {
  test("its e-mail offers no booking link (the visit keeps the quote it took); once the visit is cancelled, the next quote's does", async () => {
    const day = firstBookableDay();
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(14, token);
    const admin = await createAdminSession(worker);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00" })).status).toBe(302);
    const quote = (amountJmd: string) =>
      postFields(
        worker,
        `/admin/quotes/${id}`,
        { intent: "quote", amountJmd, validDays: "14", message: "Hello" },
        { Cookie: admin.cookie },
      );
    expect((await quote("15000")).status).toBe(302);
    const second = await waitFor(
      () => worker.mails().find((mail) => mail.to === "client14@example.com" && mail.text.includes("J$15,000")),
      "the second quote",
    );
    expect(second.text).not.toContain(`/status/${token}/book`);
    expect((await postFields(worker, `/status/${token}`, { intent: "cancel" })).status).toBe(302);
    expect((await quote("16000")).status).toBe(302);
    const third = await waitFor(
      () => worker.mails().find((mail) => mail.to === "client14@example.com" && mail.text.includes("J$16,000")),
      "the third quote",
    );
    expect(third.text).toContain(`/status/${token}/book`);
  });
});

describe("booking on the customer's behalf", () => {
  test("a staff member books from the record page (the customer is e-mailed, the history names the staff member) and cancels after the cut-off too", async () => {
    const day = firstBookableDay();
    const id = await quotedRequest(7);
    const admin = await createAdminSession(worker);
    const refused = await postFields(
      worker,
      `/admin/quotes/${id}`,
      { intent: "book", day, windowStart: "10:00" },
      { Cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    const booked = await postFields(worker, `/admin/quotes/${id}`, { intent: "book", day, windowStart: "11:00" }, { Cookie: admin.cookie });
    expect(booked.status).toBe(302);
    expect(await worker.db.prepare("SELECT kind, actor_user_id FROM visit_changes").all()).toMatchObject({
      results: [{ kind: "booked", actor_user_id: admin.userId }],
    });
    await waitFor(
      () => worker.mails().find((mail) => mail.to === "client7@example.com" && mail.subject.startsWith("Your visit is booked")),
      "the confirmation",
    );
    const page = await (await worker.fetch(`/admin/quotes/${id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain(`Booked: ${dayLabel(day)}, arrival 11:00 AM-1:00 PM`);
    // A cut-off of a month: the customer could not cancel now; the staff can.
    await worker.db
      .prepare(
        'INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, \'[1,2,3,4,5,6]\', \'[{"start":"11:00","end":"13:00"}]\', 2, 2, 60, 720, 1)',
      )
      .run();
    const cancelled = await postFields(worker, `/admin/quotes/${id}`, { intent: "cancel-visit" }, { Cookie: admin.cookie });
    expect(cancelled.status).toBe(302);
    expect(await worker.db.prepare("SELECT status FROM visits").all()).toMatchObject({ results: [{ status: "cancelled" }] });
    await waitFor(
      () => worker.mails().find((mail) => mail.to === "client7@example.com" && mail.subject.startsWith("Your visit is cancelled")),
      "the customer's mail",
    );
  });
});

describe("the reminder the day before", () => {
  test("the daily cron e-mails each visit scheduled for tomorrow once; a cancelled one gets none", async () => {
    const tomorrow = plusDays(todayInJamaica(), 1);
    const insertVisit = async (n: number, status: string) => {
      const quoteRequestId = await quotedRequest(n);
      await worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, '09:00', '11:00', ?, '5 Kent Avenue', 'residential', 14500, 1, 1)",
        )
        .bind(crypto.randomUUID(), quoteRequestId, tomorrow, status)
        .run();
    };
    await insertVisit(41, "scheduled");
    await insertVisit(42, "cancelled");
    const handler = await worker.mf.getWorker();
    for (let run = 0; run < 2; run++) {
      const { outcome } = await handler.scheduled({ scheduledTime: new Date(), cron: "30 13 * * *" });
      expect(outcome).toBe("ok");
    }
    const reminder = await waitFor(
      () => worker.mails().find((mail) => mail.to === "client41@example.com" && mail.subject.startsWith("Reminder")),
      "the reminder",
    );
    expect(reminder.text).toContain(`See you tomorrow: ${dayLabel(tomorrow)}, arrival 9:00 AM-11:00 AM, at 5 Kent Avenue.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(worker.mails().filter((mail) => mail.subject.startsWith("Reminder"))).toHaveLength(1);
  });
});

describe("the booking statement", () => {
  test("20 bookings at once for the last place in a window: exactly one is booked, 19 are told it is full, nothing else is stored", async () => {
    const day = firstBookableDay();
    // One place left: capacity 2, one visit already scheduled there.
    const first = await bookVisit(db, { quoteRequestId: await quotedRequest(0), day, windowStart: "09:00", userId: null });
    expect(first.status).toBe("booked");
    const requests = await Promise.all(Array.from({ length: 20 }, (_, i) => quotedRequest(i + 1)));
    const outcomes = await Promise.all(
      requests.map((quoteRequestId) => bookVisit(db, { quoteRequestId, day, windowStart: "09:00", userId: null })),
    );
    const statuses = outcomes.map((outcome) => outcome.status);
    expect(statuses.filter((status) => status === "booked")).toHaveLength(1);
    expect(statuses.filter((status) => status === "full")).toHaveLength(19);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits WHERE day = ? AND window_start = '09:00'").bind(day).first()).toEqual({
      n: 2,
    });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visit_changes").first()).toEqual({ n: 2 });
    // The fresh list the refused are shown has the window full and the next ones open.
    const windows = (await currentAvailability(db)).find((candidate) => candidate.day === day)!.windows;
    expect(windows.map((window) => [window.start, window.left])).toEqual([
      ["09:00", 0],
      ["11:00", 2],
      ["13:00", 2],
    ]);
  });

  test("a quote is accepted once; a day off, a Sunday, a window that does not exist or a day too soon is refused and writes nothing", async () => {
    const day = firstBookableDay();
    const id = await quotedRequest(1);
    expect((await bookVisit(db, { quoteRequestId: id, day, windowStart: "11:00", userId: null })).status).toBe("booked");
    expect(await bookVisit(db, { quoteRequestId: id, day, windowStart: "13:00", userId: null })).toEqual({ status: "quote-not-open" });
    const other = await quotedRequest(2);
    let sunday = day;
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = plusDays(sunday, 1);
    await worker.db.prepare("INSERT INTO days_off (day, name, created_at) VALUES (?, 'Holiday', 1)").bind(plusDays(sunday, 1)).run();
    expect(await bookVisit(db, { quoteRequestId: other, day: sunday, windowStart: "09:00", userId: null })).toEqual({
      status: "unbookable",
      reason: "day-off",
    });
    expect(await bookVisit(db, { quoteRequestId: other, day: plusDays(sunday, 1), windowStart: "09:00", userId: null })).toEqual({
      status: "unbookable",
      reason: "day-off",
    });
    expect(await bookVisit(db, { quoteRequestId: other, day, windowStart: "10:00", userId: null })).toEqual({
      status: "unbookable",
      reason: "no-such-window",
    });
    expect(await bookVisit(db, { quoteRequestId: other, day: todayInJamaica(), windowStart: "09:00", userId: null })).toEqual({
      status: "unbookable",
      reason: "out-of-range",
    });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits").first()).toEqual({ n: 1 });
  });

  test("an expired or replaced quote cannot be accepted", async () => {
    const day = firstBookableDay();
    const expired = await quotedRequest(1);
    await worker.db
      .prepare("UPDATE customer_replies SET created_at = ? WHERE entity_id = ?")
      .bind(Date.now() - 20 * 86_400_000, expired)
      .run();
    expect(await bookVisit(db, { quoteRequestId: expired, day, windowStart: "09:00", userId: null })).toEqual({
      status: "quote-not-open",
    });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits").first()).toEqual({ n: 0 });
  });
});
