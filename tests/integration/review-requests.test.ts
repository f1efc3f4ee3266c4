/**
 * Reviews from real customers (app/server/reviews/review-requests.server.ts, docs/product.md §10
 * "Review requests"), against the production Worker in Miniflare with real D1, queues and Cache
 * API: 'Mark done' makes one request; the daily cron sends its e-mail once, from the morning
 * after; the link's form stores one verified, hidden review, once, within 30 days; staff see it
 * as 'Verified customer' and publish it like any other.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { dayLabel, plusDays } from "~/domain/booking";
import { DAY_MS, HOUR_MS, jamaicaDayStart, todayInJamaica } from "~/domain/dates";
import { FORM_GUARD_MESSAGES } from "~/domain/texts/messages";
import { REVIEW_PAGE_MESSAGES } from "~/domain/texts/review-page-messages";
import {
  createAdminSession,
  followRedirect,
  newClientIp,
  postFields,
  sendUntilRefused,
  startWorker,
  waitFor,
  type TestWorker,
} from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["review_requests", "reviews", "visit_changes", "visits", "mail_deliveries", "customer_replies", "quote_requests"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

const GOOD = { rating: "4", body: "Spotless kitchen, and on time.", author: "Marcia P." };
/** The site's address (SITE_URL, the test Worker's own) and a token of 32 base32 characters. */
const TOKEN_LINK = /^http:\/\/127\.0\.0\.1:\d+\/review\/[a-z2-7]{32}$/;
const html = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
/** The page's own content, without the header, footer and structured data every page has. */
const mainOf = (page: string) => page.slice(page.indexOf("<main"), page.indexOf("</main>"));
const count = async (sql: string) => (await worker.db.prepare(sql).first<{ n: number }>())!.n;

/** A quote request with a visit scheduled today (Jamaica), marked done by staff from the record page. */
async function doneVisit(n: number) {
  const id = crypto.randomUUID();
  const visitId = crypto.randomUUID();
  const email = `reviewer${n}-${id.slice(0, 6)}@example.com`;
  const reference = `MB-R${"23456789ABCDEFGH"[n % 16]}${"JKMNPQRSTV"[n % 10]}2Z`;
  const now = Date.now();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES (?, ?, ?, 'Andre Thompson', ?, '876 555 0142', '14 Queens Drive, Rose Hall, Montego Bay', 'airbnb', 'quoted', ?, ?)",
      )
      .bind(id, now, now, email, reference, crypto.randomUUID().replaceAll("-", "")),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, '09:00', '11:00', 'scheduled', '14 Queens Drive, Rose Hall, Montego Bay', 'airbnb', 14500, ?, ?)",
      )
      .bind(visitId, id, todayInJamaica(), now, now),
  ]);
  return { id, visitId, email, reference, day: todayInJamaica() };
}

/** 'Mark done' on the record page, as a staff member; a success goes back to the record with its notice. */
async function markDone(id: string) {
  const response = await postFields(worker, `/admin/quotes/${id}`, { intent: "visit-done" }, { Cookie: admin.cookie });
  if (response.status === 302) expect(response.headers.get("Location")).toBe(`/admin/quotes/${id}`);
  return response;
}

/** Runs the Worker's daily cron as if at `at`. */
async function runCron(at: Date) {
  const handler = await worker.mf.getWorker();
  const { outcome } = await handler.scheduled({ scheduledTime: at, cron: "30 13 * * *" });
  expect(outcome).toBe("ok");
}

/** 08:00 in Jamaica the day after today there (13:00 UTC): when a request made now is due. */
const nextMorning = () => jamaicaDayStart(plusDays(todayInJamaica(), 1))! + 8 * HOUR_MS;
/** The daily cron's time (13:30 UTC, 08:30 in Jamaica: wrangler.toml) on the UTC day of `ms`. */
const cronOn = (ms: number) => new Date(`${new Date(ms).toISOString().slice(0, 10)}T13:30:00Z`);

const reviewMails = (email: string) => worker.mails().filter((mail) => mail.to === email && mail.subject.startsWith("How did we do?"));

/** A done visit whose review e-mail the cron has sent; out: the visit and the link's path. */
async function sentLink(n: number) {
  const visit = await doneVisit(n);
  expect((await markDone(visit.id)).status).toBe(302);
  await runCron(cronOn(nextMorning()));
  const mail = await waitFor(() => reviewMails(visit.email)[0], "the review request");
  return { ...visit, path: new URL(mail.links[0]!).pathname, mail };
}

const post = (path: string, fields: Record<string, string>, ip = newClientIp()) =>
  postFields(worker, path, fields, { "CF-Connecting-IP": ip });

describe("a review request", () => {
  test("'Mark done' creates one, due at 08:00 in Jamaica the next morning and valid 30 days from then, however often it is sent", async () => {
    const visit = await doneVisit(1);
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => markDone(visit.id)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 302).length).toBeGreaterThanOrEqual(1);
    expect((await markDone(visit.id)).status).toBe(409);
    const rows = await worker.db.prepare("SELECT * FROM review_requests").all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    const [row] = rows.results;
    expect(row).toMatchObject({
      visit_id: visit.visitId,
      send_after: nextMorning(),
      expires_at: nextMorning() + 30 * DAY_MS,
      sent_at: null,
    });
    expect(row!.used_at).toBeNull();
    // No token exists before the e-mail: the key is no SHA-256 of anything.
    expect(row!.token_hash).toBe(`unsent:${String(row!.id)}`);
  });

  test("the cron sends nothing before 08:00 the next morning; its run that morning (08:30) sends one e-mail with the one-time link; a second run sends nothing", async () => {
    const visit = await doneVisit(2);
    expect((await markDone(visit.id)).status).toBe(302);
    // A run before 08:00 in Jamaica the morning after: nothing goes.
    await runCron(new Date(nextMorning() - 60_000));
    expect(await count("SELECT count(*) AS n FROM review_requests WHERE sent_at IS NOT NULL")).toBe(0);
    // The daily run that morning sends it.
    const firstAfter = cronOn(nextMorning());
    await runCron(firstAfter);
    const mail = await waitFor(() => reviewMails(visit.email)[0], "the review request");
    expect(mail.subject).toBe(`How did we do? (${visit.reference}) - Montego Bay Cleaning Co.`);
    expect(mail.links[0]).toMatch(TOKEN_LINK);
    expect(mail.text).toContain("Hello Andre Thompson,");
    expect(mail.text).toContain(`for your visit on ${dayLabel(visit.day)} (Airbnb Turnover Cleaning). How did it go?`);
    expect(mail.text).toContain(`Tell us in a minute, with a star rating and a few words:\n${mail.links[0]}`);
    expect(mail.text).toContain("it works once, for 30 days (until");
    expect(mail.text).toContain(`Please mention your reference, ${visit.reference}.`);
    expect(mail.html).toContain(`href="${mail.links[0]}"`);
    // D1 keeps the token's SHA-256 only; the outbox row keeps no text (it cannot be resent, nor the link rebuilt).
    const token = mail.links[0]!.split("/").pop()!;
    const row = await worker.db.prepare("SELECT token_hash, sent_at FROM review_requests").first<{ token_hash: string; sent_at: number }>();
    expect(row).toEqual({ token_hash: createHash("sha256").update(token).digest("hex"), sent_at: firstAfter.getTime() });
    const outbox = await worker.db.prepare("SELECT kind, entity, entity_id, body_text, links FROM mail_deliveries").all();
    expect(outbox.results).toEqual([{ kind: "confirmation", entity: "quote_request", entity_id: visit.id, body_text: null, links: null }]);
    expect(JSON.stringify(await worker.db.prepare("SELECT * FROM mail_deliveries").all())).not.toContain(token);
    // Again, the same day or later: nothing more.
    await runCron(new Date(firstAfter.getTime() + 60_000));
    await runCron(new Date(firstAfter.getTime() + DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reviewMails(visit.email)).toHaveLength(1);
  });

  test("none is sent for a visit no longer done, nor once the 30 days are over", async () => {
    const late = await doneVisit(3);
    const changed = await doneVisit(13);
    for (const visit of [late, changed]) expect((await markDone(visit.id)).status).toBe(302);
    // As if the cron had not run for 31 days: the request has expired unsent.
    await worker.db
      .prepare("UPDATE review_requests SET send_after = send_after - ?1, expires_at = expires_at - ?1 WHERE visit_id = ?2")
      .bind(31 * DAY_MS, late.visitId)
      .run();
    await worker.db.prepare("UPDATE visits SET status = 'no_show' WHERE id = ?").bind(changed.visitId).run();
    await runCron(cronOn(nextMorning() + DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...reviewMails(late.email), ...reviewMails(changed.email)]).toHaveLength(0);
    expect(await count("SELECT count(*) AS n FROM review_requests WHERE sent_at IS NULL")).toBe(2);
  });
});

describe("/review/:token", () => {
  test("the page shows the visit's day and service only, is private, and the form stores a verified review, hidden until published", async () => {
    const { path, day, visitId, email } = await sentLink(4);
    const page = await worker.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const text = await html(page);
    expect(text).toContain("How did we do?");
    expect(text).toContain(`Your Airbnb Turnover Cleaning visit on ${dayLabel(day)}.`);
    expect(text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const personal of ["Andre", "Thompson", "Queens Drive", email, "876 555 0142"]) expect(text, personal).not.toContain(personal);
    // Again, with a cookie: never from the page cache.
    expect((await worker.fetch(path, { headers: { Cookie: "a=b" } })).headers.get("X-Cache")).toBe("BYPASS");

    const version = await count("SELECT version AS n FROM content_version");
    const sent = await post(path, GOOD);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(path);
    const thanks = await followRedirect(worker, sent);
    expect(thanks.status).toBe(200);
    expect(await html(thanks)).toContain(REVIEW_PAGE_MESSAGES.thanksTitle);

    const review = await worker.db.prepare("SELECT * FROM reviews").first<Record<string, unknown>>();
    expect(review).toMatchObject({
      author: "Marcia P.",
      body: "Spotless kitchen, and on time.",
      rating: 4,
      service_type: "airbnb",
      area: "Rose Hall",
      reviewed_on: todayInJamaica(),
      published: 0,
      verified: 1,
      visit_id: visitId,
      updated_by_user_id: null,
    });
    expect(await worker.db.prepare("SELECT review_id, used_at IS NOT NULL AS used FROM review_requests").first()).toEqual({
      review_id: review!.id,
      used: 1,
    });
    // A hidden review changes no public page: the content version stays.
    expect(await count("SELECT version AS n FROM content_version")).toBe(version);
    // The link is used: a friendly page that says so, and nothing about the customer.
    const used = await worker.fetch(path);
    expect(used.status).toBe(410);
    const usedText = await html(used);
    expect(usedText).toContain(REVIEW_PAGE_MESSAGES.closedTitle);
    expect(mainOf(usedText)).not.toContain("Airbnb");
    expect((await post(path, GOOD)).status).toBe(410);
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(1);
  });

  test("the link works once: ten posts of the form at once store one review", async () => {
    const { path } = await sentLink(5);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(path, { ...GOOD, body: `Copy ${i}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(9);
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(1);
    expect(await worker.db.prepare("SELECT r.id = q.review_id AS same FROM reviews r, review_requests q").first()).toEqual({ same: 1 });
  });

  test("32 days on, the link is refused and nothing is stored", async () => {
    const { path } = await sentLink(6);
    // As if 32 days had passed: the 30 days count from tomorrow's 08:00 in Jamaica, up to 32 hours
    // from now (just after midnight there), so 31 would leave the link open in Jamaica's early hours.
    await worker.db
      .prepare("UPDATE review_requests SET send_after = send_after - ?1, sent_at = sent_at - ?1, expires_at = expires_at - ?1")
      .bind(32 * DAY_MS)
      .run();
    const page = await worker.fetch(path);
    expect(page.status).toBe(410);
    expect(await html(page)).toContain(REVIEW_PAGE_MESSAGES.closed);
    const refused = await post(path, GOOD);
    expect(refused.status).toBe(410);
    expect(await html(refused)).toContain(REVIEW_PAGE_MESSAGES.closedTitle);
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM review_requests WHERE used_at IS NOT NULL")).toBe(0);
  });

  test("an unknown or malformed token is a 404 that reveals nothing; a post to it stores nothing", async () => {
    await sentLink(7);
    for (const path of [`/review/${"a".repeat(32)}`, "/review/abc", `/review/${"0".repeat(64)}`]) {
      const page = await worker.fetch(path);
      expect(page.status, path).toBe(404);
      expect(await html(page)).toContain(REVIEW_PAGE_MESSAGES.closedTitle);
      expect((await post(path, GOOD)).status, path).toBe(404);
    }
    // The request not yet sent is not found by the key it has before its e-mail either.
    const { results } = await worker.db.prepare("SELECT id FROM review_requests").all<{ id: string }>();
    expect(results).toHaveLength(1);
    expect((await worker.fetch(`/review/unsent:${results[0]!.id}`)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(0);
  });

  test("bad input gets clear messages with the values kept and stores nothing; the link still works after", async () => {
    const { path } = await sentLink(8);
    const refused = await post(path, { body: "", author: "x".repeat(61) });
    expect(refused.status).toBe(400);
    const text = await html(refused);
    expect(text).toContain("Please choose a rating from 1 to 5 stars.");
    expect(text).toContain("Your review is required.");
    expect(text).toContain("Your name must be at most 60 characters.");
    expect(text).toContain(`value="${"x".repeat(61)}"`);
    for (const fields of [
      { ...GOOD, rating: "6" },
      { ...GOOD, rating: "0" },
      { ...GOOD, body: "   " },
    ]) {
      expect((await post(path, fields)).status).toBe(400);
    }
    const unknown = await post(path, { ...GOOD, published: "1" });
    expect(unknown.status).toBe(400);
    expect(await html(unknown)).toContain('The form was sent with a field it does not have ("published")');
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM review_requests WHERE used_at IS NOT NULL")).toBe(0);
    expect((await post(path, GOOD)).status).toBe(303);
  });

  test("one client may post the form 5 times a minute, like the visitor forms; past it 429, nothing stored", async () => {
    const { path } = await sentLink(9);
    const ip = newClientIp();
    const { statuses, last } = await sendUntilRefused(5, () => post(path, { body: "" }, ip));
    expect(statuses.at(-1)).toBe(429);
    expect(await html(last)).toContain(FORM_GUARD_MESSAGES.rateLimited);
    expect(await count("SELECT count(*) AS n FROM reviews")).toBe(0);
  });
});

describe("staff and the public pages", () => {
  test("the admin list marks the review 'Verified customer' with its quote request; published, the public card says so too", async () => {
    const { path, id, reference } = await sentLink(10);
    const words = `Verified words ${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(path, { ...GOOD, body: words, rating: "5" })).status).toBe(303);
    const list = await html(await worker.fetch("/admin/reviews", { headers: { Cookie: admin.cookie } }));
    const card = list.slice(list.indexOf("data-review-id"));
    expect(card).toContain("Verified customer");
    expect(card).toContain("Hidden");
    expect(card).toContain(`href="/admin/quotes/${id}"`);
    expect(card).toContain(`Quote request ${reference}`);
    // Hidden: on no public page, cached or not.
    await worker.fetch("/");
    const before = await worker.fetch("/");
    expect(before.headers.get("X-Cache")).toBe("HIT");
    expect(await before.text()).not.toContain(words);

    const reviewId = await worker.db.prepare("SELECT id FROM reviews").first<string>("id");
    expect((await postFields(worker, "/admin/reviews", { intent: "publish", id: reviewId! }, { Cookie: admin.cookie })).status).toBe(302);
    for (const page of ["/", "/services/airbnb"]) {
      const shown = await worker.fetch(page);
      const text = await html(shown);
      expect(text, page).toContain(words);
      const review = text.slice(text.indexOf(words));
      expect(review.slice(0, review.indexOf("</li>")), page).toContain("Verified customer");
    }
    expect((await worker.fetch("/")).headers.get("X-Cache")).toBe("HIT");
    // A review staff typed is not marked.
    expect(
      (
        await postFields(
          worker,
          "/admin/reviews",
          {
            intent: "add",
            author: "K. B.",
            area: "",
            serviceType: "airbnb",
            rating: "5",
            body: "Typed by staff",
            reviewedOn: todayInJamaica(),
          },
          { Cookie: admin.cookie },
        )
      ).status,
    ).toBe(302);
    const typed = await html(await worker.fetch("/admin/reviews", { headers: { Cookie: admin.cookie } }));
    const typedCard = typed.slice(typed.lastIndexOf("data-review-id", typed.indexOf("Typed by staff")), typed.indexOf("Typed by staff"));
    expect(typedCard).not.toContain("Verified customer");
  });
});
