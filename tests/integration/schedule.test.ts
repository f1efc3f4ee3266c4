/**
 * The schedule on real D1 in Miniflare: crews carry each day's capacity and take the visits as
 * they are booked (app/server/booking/crews.server.ts, visits.server.ts); /admin/schedule and
 * its day sheets read and change visits by id (app/routes/admin/schedule/schedule.server.ts), across a month end
 * and a year end, refusing what staff cannot do with a sentence and nothing stored.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { isoWeekday, plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { addCrew, bookVisit, currentAvailability } from "~/server/booking";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, postFields, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["visit_changes", "visits", "customer_replies", "quote_requests", "crews", "availability_settings", "days_off"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

/** The first day from two days ahead whose ISO weekday is `weekday` (1 Monday … 7 Sunday). */
function nextWeekday(weekday: number): string {
  let day = plusDays(todayInJamaica(), 2);
  while (isoWeekday(day) !== weekday) day = plusDays(day, 1);
  return day;
}

/** Adds a crew working `days`; out: its id. */
async function crew(name: string, days = [1, 2, 3, 4, 5]): Promise<string> {
  const added = await addCrew(db, { name, members: null, workingDays: days });
  if (added.status !== "added") throw new Error(`crew ${name} not added`);
  return added.id;
}

/** A scheduled visit on `day` in `start`-`end`, on crew `crewId` (or none), for a new request; out: the visit's and the request's ids. */
async function visitOn(day: string, start = "09:00", end = "11:00", crewId: string | null = null, name = "Client") {
  const request = crypto.randomUUID();
  const id = crypto.randomUUID();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, 1, 1, ?, 'c@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', 'quoted')",
      )
      .bind(request, name),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, created_at, updated_at) VALUES (?, ?, 'q', ?, ?, ?, 'scheduled', '2 Gloucester Avenue', 'residential', 16000, ?, 1, 1)",
      )
      .bind(id, request, day, start, end, crewId),
  ]);
  return { id, request };
}

const page = (path: string) => worker.fetch(path, { headers: { Cookie: admin.cookie } });
const post = (path: string, fields: Record<string, string>) => postFields(worker, path, fields, { Cookie: admin.cookie });
const crewOf = async (id: string) =>
  (await worker.db.prepare("SELECT crew_id FROM visits WHERE id = ?").bind(id).first<{ crew_id: string | null }>())?.crew_id;

describe("crews are the capacity", () => {
  test("a day no crew works cannot be booked; on the others each window takes one visit per crew, each booking on its own crew", async () => {
    const [a, b] = [await crew("Crew A"), await crew("Crew B")];
    const saturday = nextWeekday(6);
    const monday = nextWeekday(1);
    const availability = await currentAvailability(db);
    expect(availability.some((day) => day.day === saturday)).toBe(false);
    expect(availability.find((day) => day.day === monday)?.windows.map((window) => window.left)).toEqual([2, 2, 2]);
    expect(
      await bookVisit(db, { quoteRequestId: await seedQuotedRequest(worker, 1), day: saturday, windowStart: "09:00", userId: null }),
    ).toEqual({
      status: "unbookable",
      reason: "day-off",
    });

    // 20 customers at once for Monday 9:00: two are booked, one on each crew.
    const requests = await Promise.all(Array.from({ length: 20 }, (_, i) => seedQuotedRequest(worker, i + 2)));
    const outcomes = await Promise.all(
      requests.map((quoteRequestId) => bookVisit(db, { quoteRequestId, day: monday, windowStart: "09:00", userId: null })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "booked")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.status === "full")).toHaveLength(18);
    const crews = await worker.db
      .prepare("SELECT crew_id FROM visits WHERE day = ? ORDER BY crew_id")
      .bind(monday)
      .all<{ crew_id: string }>();
    expect(crews.results.map((row) => row.crew_id).sort()).toEqual([a, b].sort());
  });

  test("an inactive crew gives no place, even when it is the only one; with no crew at all the settings' figure applies again", async () => {
    const monday = nextWeekday(1);
    const only = await crew("Crew A");
    expect((await currentAvailability(db)).find((day) => day.day === monday)?.windows[0]?.left).toBe(1);
    await worker.db.prepare("UPDATE crews SET active = 0 WHERE id = ?").bind(only).run();
    expect((await currentAvailability(db)).some((day) => day.day === monday)).toBe(false);
    await worker.db.prepare("DELETE FROM crews").run();
    expect((await currentAvailability(db)).find((day) => day.day === monday)?.windows[0]?.left).toBe(2);
  });
});

describe("/admin/schedule", () => {
  test("the week of a year end lists its visits by crew, Dec 28, 2026 to Jan 3, 2027; values it cannot use are ignored", async () => {
    const a = await crew("Crew A", [1, 2, 3, 4, 5, 6, 7]);
    await visitOn("2026-12-31", "09:00", "11:00", a, "New Year Eve Client");
    await visitOn("2027-01-01", "11:00", "13:00", null, "New Year Client");
    await visitOn("2027-01-04", "09:00", "11:00", a, "Next Week Client");
    const week = await page("/admin/schedule?view=week&day=2027-01-02");
    expect(week.status).toBe(200);
    const html = await week.text();
    expect(html).toContain("Week of Dec 28, 2026 - Jan 3, 2027");
    expect(html).toContain("New Year Eve Client");
    expect(html).toContain("New Year Client");
    expect(html).not.toContain("Next Week Client");
    // One crew's week: the other visits are left out.
    const crewWeek = await (await page(`/admin/schedule?view=week&day=2026-12-31&crew=${a}`)).text();
    expect(crewWeek).toContain("New Year Eve Client");
    expect(crewWeek).not.toContain("New Year Client<");
    // A date that does not exist, an unknown view and crew: today's day view.
    const odd = await page("/admin/schedule?day=2026-02-30&view=month&crew=x");
    expect(odd.status).toBe(200);
    expect(await odd.text()).toContain("Next day");
  });

  test("staff assign, mark and move a visit by its id; what cannot be done is refused with a sentence and stores nothing", async () => {
    const [a, b] = [await crew("Crew A", [1, 2, 3, 4, 5, 6, 7]), await crew("Crew B", [1, 2, 3, 4, 5, 6, 7])];
    const day = nextWeekday(3);
    const busy = await visitOn(day, "09:00", "11:00", a);
    const free = await visitOn(day, "10:00", "12:00", b);
    const history = () => worker.db.prepare("SELECT count(*) AS n FROM visit_changes").first<{ n: number }>();

    // Crew A is busy at 10:00 (its 9-11 visit overlaps): refused, nothing changes.
    const refused = await post(`/admin/schedule?day=${day}`, { intent: "assign-crew", visitId: free.id, crewId: a });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("That crew has another visit then");
    expect(await crewOf(free.id)).toBe(b);
    expect(await history()).toEqual({ n: 0 });

    // Off its crew, then back: two history rows naming the crew.
    expect((await post(`/admin/schedule?day=${day}`, { intent: "assign-crew", visitId: free.id, crewId: "" })).status).toBe(302);
    const back = await post(`/admin/schedule?day=${day}`, { intent: "assign-crew", visitId: free.id, crewId: b });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/admin/schedule?day=${day}`);
    expect((await worker.db.prepare("SELECT kind, crew_name, actor FROM visit_changes ORDER BY created_at").all()).results).toEqual([
      { kind: "assigned", crew_name: null, actor: "staff" },
      { kind: "assigned", crew_name: "Crew B", actor: "staff" },
    ]);

    // A future visit cannot be marked done or no-show yet.
    const early = await post("/admin/schedule", { intent: "visit-done", visitId: busy.id });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("from its day on");
    expect((await post("/admin/schedule", { intent: "visit-no-show", visitId: busy.id })).status).toBe(409);

    // An unknown visit, a made-up intent: 404 and 400.
    expect((await post("/admin/schedule", { intent: "visit-done", visitId: crypto.randomUUID() })).status).toBe(404);
    expect((await post("/admin/schedule", { intent: "delete-everything", visitId: busy.id })).status).toBe(400);

    // Today's visit: done; a second time, nothing scheduled is left to mark.
    const today = await visitOn(todayInJamaica(), "09:00", "11:00", a);
    expect((await post("/admin/schedule", { intent: "visit-no-show", visitId: today.id })).status).toBe(302);
    expect(await worker.db.prepare("SELECT status FROM visits WHERE id = ?").bind(today.id).first()).toEqual({ status: "no_show" });
    expect((await post("/admin/schedule", { intent: "visit-done", visitId: today.id })).status).toBe(409);

    // Moved to Crew A's busy window: it keeps no crew it cannot have, and takes the free one.
    const moved = await post(`/admin/schedule?day=${day}`, { intent: "move-visit", visitId: free.id, day, windowStart: "09:00" });
    expect(moved.status).toBe(302);
    expect(await worker.db.prepare("SELECT window_start, crew_id FROM visits WHERE id = ?").bind(free.id).first()).toEqual({
      window_start: "09:00",
      crew_id: b,
    });
  });

  test("the day sheets: one per crew with visits that day, only scheduled visits, the notes; none for another day", async () => {
    const [a, b] = [await crew("Crew A", [1, 2, 3, 4, 5, 6, 7]), await crew("Crew B", [1, 2, 3, 4, 5, 6, 7])];
    const day = "2026-12-31";
    await visitOn(day, "09:00", "11:00", a, "Sheet Client One");
    const done = await visitOn(day, "11:00", "13:00", a, "Sheet Client Done");
    await worker.db.prepare("UPDATE visits SET status = 'done', notes = NULL WHERE id = ?").bind(done.id).run();
    const other = await visitOn(day, "09:00", "11:00", b, "Sheet Client Two");
    await worker.db.prepare("UPDATE visits SET notes = 'Gate code 4412' WHERE id = ?").bind(other.id).run();
    const html = await (await page(`/admin/schedule/sheet?day=${day}`)).text();
    expect(html.match(/data-sheet="/g)).toHaveLength(2);
    expect(html).toContain("Sheet Client One");
    expect(html).not.toContain("Sheet Client Done");
    expect(html).toContain("Gate code 4412");
    expect(html).toContain("Thursday, Dec 31, 2026");
    expect(await (await page(`/admin/schedule/sheet?day=2027-01-01&crew=${a}`)).text()).toContain(
      "No visits are scheduled on Friday, Jan 1, 2027 for this crew.",
    );
    // Signed out: the sign-in page, not the sheet.
    const anonymous = await worker.fetch(`/admin/schedule/sheet?day=${day}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });
});

describe("the customer's note reaches the crew", () => {
  test("what the customer wrote in the quote form shows on the visit card and the day sheet, beside the staff's notes, as text (HTML escaped); a note of blanks shows nothing", async () => {
    const a = await crew("Crew A", [1, 2, 3, 4, 5, 6, 7]);
    const day = "2026-12-31";
    const noted = await visitOn(day, "09:00", "11:00", a, "Noted Client");
    await worker.db.batch([
      worker.db
        .prepare("UPDATE quote_requests SET additional_info = ? WHERE id = ?")
        .bind('Two dogs, gate code 1234; <b>ring</b> twice & "knock"\nBack door', noted.request),
      worker.db.prepare("UPDATE visits SET notes = 'Bring the ladder' WHERE id = ?").bind(noted.id),
    ]);
    const blank = await visitOn(day, "11:00", "13:00", a, "Blank Client");
    await worker.db.prepare("UPDATE quote_requests SET additional_info = '  ' WHERE id = ?").bind(blank.request).run();
    const escaped = "Two dogs, gate code 1234; &lt;b&gt;ring&lt;/b&gt; twice &amp; &quot;knock&quot;\nBack door";

    const schedule = await (await page(`/admin/schedule?day=${day}`)).text();
    expect(schedule).toContain(
      `Customer&#x27;s note</dt><dd class="whitespace-pre-line wrap-anywhere" data-customer-note="true">${escaped}</dd>`,
    );
    expect(schedule).toContain("Bring the ladder");
    expect(schedule).not.toContain("<b>ring</b>");
    expect(schedule.match(/data-customer-note/g)).toHaveLength(1);

    const sheet = await (await page(`/admin/schedule/sheet?day=${day}`)).text();
    expect(sheet).toContain(`data-customer-note="true">Customer&#x27;s note: ${escaped}</p>`);
    expect(sheet).toContain("Notes: Bring the ladder");
    expect(sheet).not.toContain("<b>ring</b>");
    expect(sheet.match(/data-customer-note/g)).toHaveLength(1);

    // Read from the request each time, never copied into the visit: a change shows at once.
    await worker.db
      .prepare("UPDATE quote_requests SET additional_info = 'Gate code changed to 9876' WHERE id = ?")
      .bind(noted.request)
      .run();
    expect(await (await page(`/admin/schedule/sheet?day=${day}`)).text()).toContain("Customer&#x27;s note: Gate code changed to 9876");
  });
});

describe("/admin/crews", () => {
  test("a crew is added and changed; a name taken, no working day or a crew that is gone is refused and stores nothing", async () => {
    const added = await post("/admin/crews", { intent: "add-crew", name: "Crew A", members: "Keisha and Andre", day1: "on", day2: "on" });
    expect(added.status).toBe(302);
    const row = await worker.db
      .prepare("SELECT id, working_days, active FROM crews")
      .first<{ id: string; working_days: string; active: number }>();
    expect(row).toMatchObject({ working_days: "[1,2]", active: 1 });
    const count = async () => (await worker.db.prepare("SELECT count(*) AS n FROM crews").first<{ n: number }>())!.n;

    const taken = await post("/admin/crews", { intent: "add-crew", name: "Crew A", day1: "on" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("Another crew has this name");
    const noDay = await post("/admin/crews", { intent: "add-crew", name: "Crew B" });
    expect(noDay.status).toBe(400);
    expect(await noDay.text()).toContain("Choose at least one day it works.");
    expect(await count()).toBe(1);

    expect((await post("/admin/crews", { intent: "save-crew", id: row!.id, name: "Crew A", day6: "on" })).status).toBe(302);
    expect(await worker.db.prepare("SELECT working_days, active FROM crews").first()).toEqual({ working_days: "[6]", active: 0 });
    expect((await post("/admin/crews", { intent: "save-crew", id: crypto.randomUUID(), name: "Crew Z", day1: "on" })).status).toBe(404);
    expect(await count()).toBe(1);
  });
});
