/**
 * Calendar feeds (app/server/booking/feeds.server.ts, /calendar/<token>.ics and
 * /admin/calendar-feeds) on the production Worker in Miniflare: what a feed holds, as ical.js
 * reads it; its headers, ETag and 304; revoking and replacing a link; bad tokens; and the admin
 * page's forms, which store nothing when they refuse.
 */
import { createHash } from "node:crypto";
import { drizzle } from "drizzle-orm/d1";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { CALENDAR_FEED_MESSAGES } from "~/domain/texts/staff-messages";
import { addCrew, feedCalendar, feedVisits } from "~/server/booking";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { cookiesOf, createAdminSession, newClientIp, postFields, sendUntilRefused, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
let admin: { cookie: string; userId: string };
/** The host in every event's UID (SITE_URL's, which the test Worker serves on). */
let host: string;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
  admin = await createAdminSession(worker);
  host = new URL(worker.origin).host;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["calendar_feeds", "visit_changes", "visits", "crews", "quote_requests"].map((table) => worker.db.prepare(`DELETE FROM ${table}`)),
  );
});
const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

const PAGE = "/admin/calendar-feeds";
const today = () => todayInJamaica();

/** A crew; out: its id. */
async function crew(name: string, active = true): Promise<string> {
  const added = await addCrew(db, { name, members: null, workingDays: [1, 2, 3, 4, 5, 6, 7] });
  if (added.status !== "added") throw new Error(`no crew ${name}`);
  if (!active) await worker.db.prepare("UPDATE crews SET active = 0 WHERE id = ?").bind(added.id).run();
  return added.id;
}

/** Visits made so far in the test (their references are MB-T0001, MB-T0002, …). */
let visits = 0;
beforeEach(() => {
  visits = 0;
});
/** A visit of a new quote request, with its customer; out: the visit's id. */
async function visit(options: {
  day: string;
  start?: string;
  end?: string;
  crewId?: string | null;
  status?: string;
  sequence?: number;
  customer?: string;
  updatedAt?: number;
  /** What the customer wrote in the quote form's 'Additional information' (quote_requests.additional_info). */
  customerNote?: string;
}): Promise<string> {
  const request = crypto.randomUUID();
  const id = crypto.randomUUID();
  const n = ++visits;
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, additional_info) VALUES (?, 1, 1, ?, ?, '876 555 0101', '2 Gloucester Avenue', 'residential', 'quoted', ?, ?)",
      )
      .bind(
        request,
        options.customer ?? `Client ${n}`,
        `client${n}@example.com`,
        `MB-T${String(n).padStart(4, "0")}`,
        options.customerNote ?? null,
      ),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, included, notes, crew_id, sequence, created_at, updated_at) VALUES (?, ?, 'q', ?, ?, ?, ?, ?, 'residential', 14500, 'Kitchen and two bathrooms', 'Gate code 1234', ?, ?, 1, ?)",
      )
      .bind(
        id,
        request,
        options.day,
        options.start ?? "09:00",
        options.end ?? "11:00",
        options.status ?? "scheduled",
        `${n} Gloucester Avenue, Montego Bay`,
        options.crewId ?? null,
        options.sequence ?? 0,
        options.updatedAt ?? 1_764_000_000_000,
      ),
  ]);
  return id;
}

/** Posts a form of the admin page as the admin (or with `cookie`); redirects are not followed. */
const post = (fields: Record<string, string>, cookie = admin.cookie) => postFields(worker, PAGE, fields, { Cookie: cookie });

/**
 * 'Create feed link' for `target` ("team" or a crew's id) as the admin, then the page after the
 * redirect, as a browser shows it. Out: the new link's path ("/calendar/<token>.ics") and the page.
 */
async function createLink(target: string): Promise<{ path: string; page: string }> {
  const created = await post({ intent: "create-feed", crew: target });
  expect(created.status).toBe(302);
  expect(created.headers.get("Location")).toBe(PAGE);
  const page = await (await worker.fetch(PAGE, { headers: { Cookie: `${admin.cookie}; ${cookiesOf(created)}` } })).text();
  const link = new RegExp(`>${worker.origin}(/calendar/[a-z2-7]{52}\\.ics)</textarea>`).exec(page);
  if (!link) throw new Error("the page shows no new link");
  return { path: link[1]!, page };
}

/** The events of an iCalendar text as ical.js reads them, with the calendar's own properties. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
      // As written: a UTC time ends in Z.
      start: component.getFirstPropertyValue("dtstart")?.toString(),
      end: component.getFirstPropertyValue("dtend")?.toString(),
      stamp: component.getFirstPropertyValue("dtstamp")?.toString(),
    };
  });
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    refresh: calendar.getFirstProperty("refresh-interval")?.getFirstValue()?.toString(),
    events,
  };
}

/** An event's start and end in UTC for `day`'s Jamaica window `start`-`end`, as ical.js writes them. */
const utc = (day: string, hour: number) => `${day}T${String(hour).padStart(2, "0")}:00:00Z`;

describe("a crew's feed", () => {
  test("an admin makes Crew A's link, sees it once; the feed holds Crew A's scheduled and done visits of the 121 days, with their UIDs, SEQUENCE and UTC times", async () => {
    const crewA = await crew("Crew A");
    const crewB = await crew("Crew B");
    const start = plusDays(today(), 2);
    // The last day of a month and the first of the next, both ahead.
    const monthEnd = plusDays(`${plusDays(today(), 40).slice(0, 7)}-01`, -1);
    const monthStart = plusDays(monthEnd, 1);
    const ids = {
      soon: await visit({ day: start, crewId: crewA, sequence: 3, customer: "Andre Thompson" }),
      monthEnd: await visit({ day: monthEnd, start: "13:00", end: "15:00", crewId: crewA }),
      monthStart: await visit({ day: monthStart, start: "11:00", end: "13:00", crewId: crewA }),
      done: await visit({ day: plusDays(today(), -30), crewId: crewA, status: "done" }),
      last: await visit({ day: plusDays(today(), 90), crewId: crewA }),
    };
    // Not in Crew A's feed: cancelled, skipped, no-show, out of the days, another crew's, no crew's.
    await visit({ day: start, start: "11:00", end: "13:00", crewId: crewA, status: "cancelled" });
    await visit({ day: start, start: "13:00", end: "15:00", crewId: crewA, status: "skipped" });
    await visit({ day: plusDays(today(), -31), crewId: crewA, status: "done" });
    await visit({ day: plusDays(today(), 91), crewId: crewA });
    await visit({ day: start, crewId: crewB });
    await visit({ day: start });

    const { path, page } = await createLink(crewA);
    expect(page).toContain("New feed link: Crew A");
    expect(page).toContain(`href="${worker.origin.replace("http:", "webcal:")}${path}"`);
    expect(page).toContain("From URL");
    // Shown once: the page after that says only that a link is live.
    const again = await (await worker.fetch(PAGE, { headers: { Cookie: admin.cookie } })).text();
    expect(again).not.toContain(path);
    expect(again).toContain("Link live");
    // D1 keeps the token's SHA-256 only.
    const token = path.slice("/calendar/".length, -".ics".length);
    expect(await worker.db.prepare("SELECT crew_id, token_hash, created_by_user_id FROM calendar_feeds").all()).toMatchObject({
      results: [{ crew_id: crewA, token_hash: createHash("sha256").update(token).digest("hex"), created_by_user_id: admin.userId }],
    });

    const response = await worker.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="crew-schedule.ics"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");

    const calendar = readCalendar(text);
    expect(calendar.name).toBe("Montego Bay Cleaning Co. – Crew A");
    expect(calendar.refresh).toBe("PT1H");
    // By day and window; the same UID as the customer's visit.ics (app/server/booking/calendar.server.ts).
    expect(calendar.events.map((event) => event.uid)).toEqual(
      [ids.done, ids.soon, ids.monthEnd, ids.monthStart, ids.last].map((id) => `${id}@${host}`),
    );
    const byId = (id: string) => calendar.events.find((event) => event.uid === `${id}@${host}`)!;
    // 9:00-11:00 in Jamaica is 14:00-16:00 UTC; the month's last day and the next's first in place.
    expect(byId(ids.soon)).toMatchObject({
      sequence: 3,
      start: utc(start, 14),
      end: utc(start, 16),
      summary: "Residential Cleaning: Andre Thompson (MB-T0001)",
      location: "1 Gloucester Avenue, Montego Bay",
      stamp: "2025-11-24T16:00:00Z",
    });
    expect(byId(ids.monthEnd)).toMatchObject({ start: utc(monthEnd, 18), end: utc(monthEnd, 20) });
    expect(byId(ids.monthStart)).toMatchObject({ start: utc(monthStart, 16), end: utc(monthStart, 18) });
    expect(byId(ids.done).description).toContain("Marked done.");
    expect(byId(ids.soon).description).toBe(
      [
        "Arrival window: 9:00 AM-11:00 AM (Jamaica time)",
        "Crew: Crew A",
        "Customer: Andre Thompson, phone 876 555 0101",
        "Included: Kitchen and two bathrooms",
        "Notes for the crew: Gate code 1234",
        `Record: ${worker.origin}/admin/quotes/${(await worker.db.prepare("SELECT quote_request_id AS id FROM visits WHERE id = ?").bind(ids.soon).first<{ id: string }>())!.id}`,
      ].join("\n"),
    );
  });

  test("an event carries the customer's note from the quote form beside the notes for the crew, escaped as iCalendar TEXT (comma, semicolon, backslash, line break)", async () => {
    const crewA = await crew("Crew A");
    const day = plusDays(today(), 4);
    const note = "Two dogs, gate code 1234; ring twice\nBack door \\ side gate";
    const id = await visit({ day, crewId: crewA, customerNote: `  ${note}\n` });
    const plain = await visit({ day, start: "11:00", end: "13:00", crewId: crewA, customerNote: "   " });
    for (const target of [crewA, "team"]) {
      const { path } = await createLink(target);
      const text = await (await worker.fetch(path)).text();
      // As written, lines unfolded: the library's escapes, nothing left raw to break the event.
      expect(text.replace(/\r\n[ \t]/g, "")).toContain(
        "Customer's note: Two dogs\\, gate code 1234\\; ring twice\\nBack door \\\\ side gate\\nNotes for the crew: Gate code 1234",
      );
      const events = readCalendar(text).events;
      const description = events.find((event) => event.uid === `${id}@${host}`)!.description;
      expect(description).toContain(`Included: Kitchen and two bathrooms\nCustomer's note: ${note}\nNotes for the crew: Gate code 1234`);
      // A note of blanks only is no note.
      expect(events.find((event) => event.uid === `${plain}@${host}`)!.description).not.toContain("Customer's note");
    }
  });

  test("the team's feed holds every crew's visits and those with no crew, each summary naming its crew or 'No crew yet'", async () => {
    const crewA = await crew("Crew A");
    const crewB = await crew("Crew B");
    const day = plusDays(today(), 3);
    const a = await visit({ day, crewId: crewA, customer: "Keisha Brown" });
    const b = await visit({ day, crewId: crewB, customer: "Andre Thompson" });
    const none = await visit({ day, start: "11:00", end: "13:00", customer: "Marcia Clarke" });
    await visit({ day, crewId: crewA, status: "cancelled" });
    const { path } = await createLink("team");
    const response = await worker.fetch(path);
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="team-schedule.ics"');
    const calendar = readCalendar(await response.text());
    expect(calendar.name).toBe("Montego Bay Cleaning Co. – Whole team");
    expect(Object.fromEntries(calendar.events.map((event) => [event.uid, event.summary]))).toEqual({
      [`${a}@${host}`]: "Crew A – Residential Cleaning: Keisha Brown (MB-T0001)",
      [`${b}@${host}`]: "Crew B – Residential Cleaning: Andre Thompson (MB-T0002)",
      [`${none}@${host}`]: "No crew yet – Residential Cleaning: Marcia Clarke (MB-T0003)",
    });
  });

  test("the same body gives the same ETag and a 304; a changed visit changes it; HEAD answers the headers alone", async () => {
    const crewA = await crew("Crew A");
    const id = await visit({ day: plusDays(today(), 5), crewId: crewA });
    const { path } = await createLink(crewA);
    const first = await worker.fetch(path);
    const etag = first.headers.get("ETag")!;
    const body = await first.text();
    const second = await worker.fetch(path);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(await second.text()).toBe(body);
    const unchanged = await worker.fetch(path, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("ETag")).toBe(etag);
    expect(await unchanged.text()).toBe("");
    const head = await worker.fetch(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(etag);
    expect(await head.text()).toBe("");
    // Moved: a new window, SEQUENCE one more, updated_at now.
    await worker.db
      .prepare("UPDATE visits SET window_start = '11:00', window_end = '13:00', sequence = sequence + 1, updated_at = ? WHERE id = ?")
      .bind(Date.now(), id)
      .run();
    const moved = await worker.fetch(path, { headers: { "If-None-Match": etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("ETag")).not.toBe(etag);
    expect(readCalendar(await moved.text()).events[0]).toMatchObject({ sequence: 1, start: utc(plusDays(today(), 5), 16) });
  });

  test("the same calendar whatever the process's time zone: a month's and a year's end in place, 30 days back and 90 ahead", async () => {
    const crewA = await crew("Crew A");
    // Mid-December 2026 in Jamaica: the feed runs from 2026-11-15 to 2027-03-15.
    const now = new Date("2026-12-15T17:00:00Z");
    const days = ["2026-11-14", "2026-11-15", "2026-11-30", "2026-12-01", "2026-12-31", "2027-01-01", "2027-03-15", "2027-03-16"];
    for (const day of days) await visit({ day, crewId: crewA, start: "09:00", end: "11:00" });
    const site = { company: "Montego Bay Cleaning Co.", origin: worker.origin };
    const feed = { crewId: crewA, crewName: "Crew A" };
    const bodies = [];
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
      process.env.TZ = tz;
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
      bodies.push(feedCalendar(feed, await feedVisits(db, crewA, now), site));
    }
    expect(new Set(bodies).size).toBe(1);
    const { events } = readCalendar(bodies[0]!);
    expect(events.map((event) => event.start)).toEqual(days.slice(1, -1).map((day) => utc(day, 14)));
    expect(events.map((event) => event.end)).toEqual(days.slice(1, -1).map((day) => utc(day, 16)));
    // A window that ends late in the evening still ends that day in Jamaica, the next in UTC.
    await visit({ day: "2026-12-31", start: "18:00", end: "20:00", crewId: crewA });
    const late = readCalendar(feedCalendar(feed, await feedVisits(db, crewA, now), site)!).events.find(
      (e) => e.start === utc("2026-12-31", 23),
    );
    expect(late?.end).toBe("2027-01-01T01:00:00Z");
  });
});

describe("revoking, replacing and bad links", () => {
  test("a revoked link answers 404 at once; a new link replaces the old: the old answers 404, the new 200", async () => {
    const crewA = await crew("Crew A");
    await visit({ day: plusDays(today(), 2), crewId: crewA });
    const { path: first } = await createLink(crewA);
    expect((await worker.fetch(first)).status).toBe(200);

    // A new link (rotation): the page says the old one stopped.
    const { path: second, page } = await createLink(crewA);
    expect(second).not.toBe(first);
    expect(page).toContain(CALENDAR_FEED_MESSAGES.rotated);
    expect((await worker.fetch(first)).status).toBe(404);
    expect((await worker.fetch(second)).status).toBe(200);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM calendar_feeds WHERE revoked_at IS NULL").first()).toEqual({ n: 1 });

    // Revoke.
    const { id } = (await worker.db.prepare("SELECT id FROM calendar_feeds WHERE revoked_at IS NULL").first<{ id: string }>())!;
    const revoked = await post({ intent: "revoke-feed", feed: id });
    expect(revoked.status).toBe(302);
    const after = await (await worker.fetch(PAGE, { headers: { Cookie: `${admin.cookie}; ${cookiesOf(revoked)}` } })).text();
    expect(after).toContain(CALENDAR_FEED_MESSAGES.revoked);
    const gone = await worker.fetch(second);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await gone.text()).toBe(CALENDAR_FEED_MESSAGES.notFound);
    // Twice: nothing left to revoke.
    const twice = await post({ intent: "revoke-feed", feed: id });
    expect(twice.status).toBe(404);
    expect((await twice.text()).replaceAll("&#x27;", "'")).toContain("revoked already");
  });

  test("twenty new links for one crew at once leave exactly one live", async () => {
    const crewA = await crew("Crew A");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ intent: "create-feed", crew: crewA })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(302));
    expect(await worker.db.prepare("SELECT count(*) AS n FROM calendar_feeds WHERE revoked_at IS NULL").first()).toEqual({ n: 1 });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM calendar_feeds").first()).toEqual({ n: 20 });
  });

  test("malformed, unknown and misspelt tokens answer 404 with a line of text; too many fetches from one client 429", async () => {
    const crewA = await crew("Crew A");
    const { path } = await createLink(crewA);
    const token = path.slice("/calendar/".length, -".ics".length);
    for (const bad of [
      "/calendar/x.ics",
      `/calendar/${"a".repeat(52)}.ics`,
      `/calendar/${token}`,
      `/calendar/${token}.ical`,
      `/calendar/${token}.ics.ics`,
      `/calendar/${token.slice(1)}.ics`,
      `/calendar/${token}0.ics`,
      "/calendar/.ics",
    ]) {
      const response = await worker.fetch(bad);
      expect(response.status, bad).toBe(404);
      expect(response.headers.get("Cache-Control"), bad).toBe("private, no-cache");
      expect((await response.text()).length, bad).toBeLessThan(100);
    }
    // The canonical spelling: a capital letter is sent to the lower-case path, which is the link.
    const upper = await worker.fetch(path.toUpperCase(), { redirect: "manual" });
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(path);
    // A query string is refused by the URL gate (no tracking names on private paths).
    expect((await worker.fetch(`${path}?utm_source=x`)).status).toBe(400);
    const ip = newClientIp();
    const { statuses, last } = await sendUntilRefused(30, () => worker.fetch(path, { headers: { "CF-Connecting-IP": ip } }));
    expect(statuses.at(-1)).toBe(429);
    expect(last.headers.get("Retry-After")).toBe("60");
    expect(await last.text()).toBe(CALENDAR_FEED_MESSAGES.tooMany);
  });
});

describe("/admin/calendar-feeds", () => {
  test("signed out, the page sends to sign-in; a signed-in account without the admin role is refused; neither stores anything", async () => {
    const page = await worker.fetch(PAGE, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(PAGE)}`);
    const crewA = await crew("Crew A");
    const signedOut = await postFields(worker, PAGE, { intent: "create-feed", crew: crewA });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);
    const user = await createAdminSession(worker, "user");
    const notAdmin = await post({ intent: "create-feed", crew: "team" }, user.cookie);
    expect(notAdmin.status).toBe(302);
    expect(notAdmin.headers.get("Location")).toBe("/");
    expect(await worker.db.prepare("SELECT count(*) AS n FROM calendar_feeds").first()).toEqual({ n: 0 });
  });

  test("with no crews the page says so and offers the team's feed only", async () => {
    const html = await (await worker.fetch(PAGE, { headers: { Cookie: admin.cookie } })).text();
    expect(html).toContain("Calendar feeds</h1>");
    expect(html).toContain("No crews yet");
    expect(html.match(/data-feed-target=/g)).toHaveLength(1);
    expect(html).toContain('data-feed-target="team"');
    expect(html).toContain("Create feed link");
  });

  test("the forms refuse bad input with a message and store nothing", async () => {
    const active = await crew("Crew A");
    const inactive = await crew("Crew Old", false);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "create-feed", crew: "crew-a" }, 400, "Choose the whole team or a crew from the list."],
      [{ intent: "create-feed" }, 400, "Choose the whole team or a crew from the list."],
      [{ intent: "create-feed", crew: crypto.randomUUID() }, 404, CALENDAR_FEED_MESSAGES.noSuchCrew],
      [{ intent: "create-feed", crew: inactive }, 404, CALENDAR_FEED_MESSAGES.noSuchCrew],
      [{ intent: "revoke-feed", feed: "1" }, 400, "Choose a feed link from the list."],
      [{ intent: "revoke-feed", feed: crypto.randomUUID() }, 404, CALENDAR_FEED_MESSAGES.revokedAlready],
      // Not a form of the page: refused, with nothing to show under a field the page has.
      [{ intent: "delete-everything", crew: active }, 400, CALENDAR_FEED_MESSAGES.notThisPage],
      [{ intent: "create-feed", crew: active, extra: "1" }, 400, "The form was sent with a field it does not have"],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect((await response.text()).replaceAll("&#x27;", "'"), JSON.stringify(fields)).toContain(message);
    }
    // From another site: refused before anything runs.
    const crossSite = await postFields(
      worker,
      PAGE,
      { intent: "create-feed", crew: active },
      { Cookie: admin.cookie, Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM calendar_feeds").first()).toEqual({ n: 0 });
  });

  test("an inactive crew's live link is listed, to be revoked, without 'New link'", async () => {
    const crewA = await crew("Crew A");
    await createLink(crewA);
    await worker.db.prepare("UPDATE crews SET active = 0 WHERE id = ?").bind(crewA).run();
    const html = await (await worker.fetch(PAGE, { headers: { Cookie: admin.cookie } })).text();
    const row = html.slice(html.indexOf(`data-feed-target="${crewA}"`));
    expect(row).toContain("Inactive crew");
    expect(row).toContain("Yes, revoke the link");
    expect(row.slice(0, row.indexOf("</li>"))).not.toContain("New link");
  });
});
