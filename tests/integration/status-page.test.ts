/**
 * The customer's status page and booking page by the request's stage (app/routes/public/status/,
 * app/routes/public/book/, the stage from app/server/lifecycle), against the production Worker in
 * Miniflare with real D1: each stage's headline and steps; "ready" never without a price; the
 * quote's message gone once booked; the booking page saying why it cannot book; 'Earlier days'
 * from the preferred date; and the booked visit's .ics download.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { DAY_MS, todayInJamaica } from "~/domain/dates";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    [
      "reviews",
      "review_requests",
      "visit_changes",
      "visits",
      "customer_replies",
      "status_changes",
      "quote_requests",
      "availability_settings",
    ].map((table) => worker.db.prepare(`DELETE FROM ${table}`)),
  );
});

/** A page's HTML with the entities React writes for quotes turned back. */
const textOf = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
/** The page's own content, without the header and footer every page has. */
const mainOf = (page: string) => page.slice(page.indexOf("<main"), page.indexOf("</main>"));

/** The old default template's last line: never shown once the quote is booked. */
const OLD_LINE = "To book, reply to this e-mail or call us on 876 555 0100.";

interface Seed {
  status: "pending" | "quoted" | "completed" | "cancelled";
  /** Days since the priced quote was sent (null: none, as after 'Mark Quoted'). */
  quoteDaysAgo?: number | null;
  validDays?: number;
  visit?: "scheduled" | "done";
  reviewed?: boolean;
  preferredDate?: string | null;
}

/** A quote request at the stage the seed gives; out: its status token, visit id and reference. */
async function seed({ status, quoteDaysAgo = null, validDays = 14, visit, reviewed = false, preferredDate = null }: Seed) {
  const id = crypto.randomUUID();
  const quoteId = crypto.randomUUID();
  const visitId = crypto.randomUUID();
  const now = Date.now();
  const token = crypto.randomUUID().replaceAll("-", "");
  const reference = `MB-S${token.slice(0, 6).toUpperCase()}`;
  const statements = [
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token, preferred_date) VALUES (?, ?, ?, 'Keisha Brown', 'keisha@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', ?, ?, ?, ?)",
      )
      .bind(id, now - 30 * DAY_MS, now, status, reference, token, preferredDate),
  ];
  if (quoteDaysAgo !== null) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, 14500, ?, ?, ?)",
        )
        .bind(quoteId, id, validDays, `Here is your quote.\n\n${OLD_LINE}`, now - quoteDaysAgo * DAY_MS),
    );
  }
  if (visit) {
    const day = visit === "scheduled" ? plusDays(todayInJamaica(), 5) : plusDays(todayInJamaica(), -2);
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, ?, ?, '09:00', '11:00', ?, '2 Gloucester Avenue', 'residential', 14500, ?, ?)",
        )
        .bind(visitId, id, quoteId, day, visit, now, now),
    );
  }
  if (reviewed) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, published, verified, visit_id, created_at, updated_at) VALUES (?, 'Keisha B.', 'residential', 5, 'Spotless.', ?, 0, 1, ?, ?, ?)",
        )
        .bind(crypto.randomUUID(), todayInJamaica(), visitId, now, now),
    );
  }
  await worker.db.batch(statements);
  return { token, visitId, reference };
}

const statusPage = async (token: string) => mainOf(await textOf(await worker.fetch(`/status/${token}`)));

describe("the status page by stage", () => {
  test("new: preparing the quote; nothing to book", async () => {
    const page = await statusPage((await seed({ status: "pending" })).token);
    expect(page).toContain("We have your request and are preparing your quote.");
    expect(page).toMatch(/data-step="Quoted" data-done="false"/);
    expect(page).not.toContain("Accept and book");
  });

  test("quoted without a price ('Mark Quoted'): never 'ready', says the price comes by phone or e-mail and how to book; the booking page explains", async () => {
    const { token } = await seed({ status: "quoted" });
    const page = await statusPage(token);
    expect(page).not.toMatch(/\bready\b/i);
    expect(page).toContain("We will give you your price by phone or e-mail.");
    expect(page).toContain(
      "Once your price is here, it shows on this page and you can pick a day online. Or call or WhatsApp us to book now.",
    );
    expect(page).toContain("Your price comes by phone or e-mail.");
    expect(page).toMatch(/data-step="Quoted" data-done="false"/);
    expect(page).not.toContain("Accept and book");
    const book = await worker.fetch(`/status/${token}/book`);
    expect(book.status).toBe(409);
    const text = await textOf(book);
    expect(text).toContain("Your price is not here yet");
    expect(text).not.toContain("has expired, was replaced or is already booked");
  });

  test("quoted with a price: ready, with the price, the message and 'Accept and book'", async () => {
    const page = await statusPage((await seed({ status: "quoted", quoteDaysAgo: 1 })).token);
    expect(page).toContain("Your quote is ready.");
    expect(page).toContain("J$14,500");
    expect(page).toContain("Accept and book");
    expect(page).toContain("Valid until");
    expect(page).toMatch(/data-step="Quoted" data-done="true"/);
  });

  test("expired: when it expired and to ask for a new one; the booking page says it expired", async () => {
    const { token } = await seed({ status: "quoted", quoteDaysAgo: 20, validDays: 14 });
    const page = await statusPage(token);
    expect(page).toContain("Your quote has expired.");
    expect(page).toMatch(/This quote expired on \w{3} \d{2}, \d{4}\. Call or WhatsApp us and we will send you a new one/);
    expect(page).not.toMatch(/\bready\b/i);
    expect(page).not.toContain("Accept and book");
    const book = await worker.fetch(`/status/${token}/book`);
    expect(book.status).toBe(409);
    expect(await textOf(book)).toContain("This quote has expired");
  });

  test("booked: the visit, change and cancel, 'Add to calendar'; the quote's message (written to be accepted) is gone; the .ics is the visit's event, never cached", async () => {
    const { token, visitId, reference } = await seed({ status: "quoted", quoteDaysAgo: 1, visit: "scheduled" });
    const page = await statusPage(token);
    expect(page).toContain("Your visit is booked.");
    expect(page).toContain("Change day or time");
    expect(page).toContain("Cancel this visit");
    expect(page).toContain(`href="/status/${token}/visit.ics"`);
    expect(page).toContain("Add to calendar");
    expect(page).toContain("Accepted: booked at this price");
    expect(page).not.toContain(OLD_LINE);
    expect(page).not.toContain("To book, reply");
    expect(page).toMatch(/data-step="Booked" data-done="true"/);
    expect(page).toMatch(/data-step="Visit done" data-done="false"/);

    const ics = await worker.fetch(`/status/${token}/visit.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("Cache-Control")).toContain("no-store");
    expect(ics.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(ics.headers.get("Content-Disposition")).toBe('attachment; filename="visit.ics"');
    const body = await ics.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain(`UID:${visitId}@`);
    expect(body).toContain(reference);
  });

  test("the .ics answers 404 when nothing is booked or the token is unknown", async () => {
    const { token } = await seed({ status: "quoted", quoteDaysAgo: 1 });
    expect((await worker.fetch(`/status/${token}/visit.ics`)).status).toBe(404);
    expect((await worker.fetch(`/status/${"0".repeat(32)}/visit.ics`)).status).toBe(404);
  });

  test("visit done, reviewed, closed, cancelled: each says so, none offers booking", async () => {
    const cases: Array<[Seed, string]> = [
      [{ status: "quoted", quoteDaysAgo: 9, visit: "done" }, "Your visit is done. Thank you for choosing us!"],
      [{ status: "quoted", quoteDaysAgo: 9, visit: "done", reviewed: true }, "Your visit is done. Thank you for your review!"],
      [{ status: "completed", quoteDaysAgo: 9 }, "The job is done. Thank you for choosing us!"],
      [{ status: "cancelled", quoteDaysAgo: 1 }, "This request was cancelled."],
    ];
    for (const [request, headline] of cases) {
      const page = await statusPage((await seed(request)).token);
      expect(page).toContain(headline);
      expect(page).not.toContain("Accept and book");
      expect(page).not.toMatch(/\bready\b/i);
    }
    const done = await statusPage((await seed({ status: "quoted", quoteDaysAgo: 9, visit: "done" })).token);
    expect(done).toMatch(/data-step="Visit done" data-done="true"/);
    expect(done).not.toContain(OLD_LINE);
  });
});

describe("the booking page from the preferred date", () => {
  test("starts at the preferred date with the reason, and 'Earlier days' shows the days before it (a link, no JavaScript needed)", async () => {
    const preferred = plusDays(todayInJamaica(), 20);
    const { token } = await seed({ status: "quoted", quoteDaysAgo: 1, preferredDate: preferred });
    const page = await textOf(await worker.fetch(`/status/${token}/book`));
    expect(page).toMatch(/Showing from your preferred date, \w{3} \d{1,2}\./);
    const earlier = /href="[^"]*\?day=(\d{4}-\d{2}-\d{2})"[^>]*>← Earlier days/.exec(page);
    expect(earlier).not.toBeNull();
    expect(earlier![1]! < preferred).toBe(true);
    const before = await textOf(await worker.fetch(`/status/${token}/book?day=${earlier![1]}`));
    expect(before).not.toContain("Showing from your preferred date");
    expect(before).toContain(`aria-current="date"`);
  });
});
