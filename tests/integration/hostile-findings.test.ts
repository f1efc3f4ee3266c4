/**
 * Hostile requests through the built Worker in Miniflare: a method a page does not take (405)
 * logs no error and says what happened, a cookie-carrying write without `Origin` or
 * `Sec-Fetch-Site` is refused (app/worker/origin.ts), and the booking page
 * (app/routes/public/book/) refuses a malformed day or an unknown intent with its message on the
 * page, changing nothing in D1. Records with more rows than D1 binds values in one statement
 * (100) open: a request with 150 visits, a customer with 120 requests.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { dayLabel, plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** The first working day the default settings let a customer book (two days' notice, not a Sunday). */
function firstBookableDay(): string {
  let day = plusDays(todayInJamaica(), 2);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = plusDays(day, 1);
  return day;
}

/** A form post with the headers given (no Origin unless they say one). */
function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return worker.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

describe("a method a page does not take", () => {
  test("PUT on a public page answers 405, logs no error line, and the page says what happened with a link home", async () => {
    const before = worker.output().length;
    const answer = await worker.fetch("/services/residential", { method: "PUT", body: "x" });
    expect(answer.status).toBe(405);
    const html = (await answer.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("This address does not take that kind of request");
    expect(html).not.toContain("Something went wrong on our side");
    expect(html).toMatch(/<a href="\/"[^>]*>/);
    const logged = worker.output().slice(before).join("\n");
    expect(logged).not.toContain("render_stream_failed");
    expect(logged).not.toContain("render_error");
    expect(logged).not.toContain("[object Object]");
  });

  test("POST or PUT on an address that is not a page (sitemap, robots, a feed) answers 405 in words, never 'Server Error'", async () => {
    for (const [path, method] of [
      ["/sitemap.xml", "POST"],
      ["/robots.txt", "PUT"],
    ] as const) {
      const before = worker.output().length;
      const answer = await worker.fetch(path, { method, body: "x", headers: { "Sec-Fetch-Site": "same-origin" } });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("Content-Type"), path).toMatch(/^text\/plain/);
      const text = await answer.text();
      expect(text, path).toBe("This address does not take that kind of request.");
      expect(worker.output().slice(before).join("\n"), path).not.toMatch(/render_error|Unexpected Server Error/);
    }
  });
});

describe("writes that carry a cookie", () => {
  test("without Origin or Sec-Fetch-Site: 403, nothing stored", async () => {
    const fields = { name: "Jane", email: "jane@example.com", message: "Hello there, a question." };
    const answer = await post("/contact", fields, { Cookie: "__session=abc" });
    expect(answer.status).toBe(403);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM contact_messages").first()).toEqual({ n: 0 });
  });

  test("with Sec-Fetch-Site: same-origin or a matching Origin they reach the page; without a cookie, today's behaviour", async () => {
    const site = await post("/contact", {}, { Cookie: "__session=abc", "Sec-Fetch-Site": "same-origin" });
    expect(site.status).not.toBe(403);
    const origin = await post("/contact", {}, { Cookie: "__session=abc", Origin: worker.origin });
    expect(origin.status).not.toBe(403);
    const bare = await post("/contact", {}, {});
    expect(bare.status).not.toBe(403);
  });
});

describe("the booking page refuses what it does not offer", () => {
  /** The visits of the request whose status link is `token`. */
  const visits = (token: string) =>
    worker.db
      .prepare("SELECT count(*) AS n FROM visits JOIN quote_requests ON quote_requests.id = visits.quote_request_id WHERE status_token = ?")
      .bind(token)
      .first<{ n: number }>();

  test("a malformed day: 400, the form again with the message, no visit", async () => {
    const token = crypto.randomUUID().replaceAll("-", "");
    await seedQuotedRequest(worker, 1, { token });
    const answer = await post(
      `/status/${token}/book`,
      { intent: "book", day: "2026-13-45", windowStart: "09:00" },
      { Origin: worker.origin },
    );
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Please pick a day from the list");
    expect(html).toContain('name="windowStart"');
    expect(await visits(token)).toEqual({ n: 0 });
  });

  test.each(["", "cancel", "book "])("intent %j: 400, the form again with the message, no visit", async (intent) => {
    const token = crypto.randomUUID().replaceAll("-", "");
    await seedQuotedRequest(worker, 2, { token });
    const day = firstBookableDay();
    const answer = await post(`/status/${token}/book?day=${day}`, { intent, day, windowStart: "09:00" }, { Origin: worker.origin });
    expect(answer.status).toBe(400);
    const html = (await answer.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("This booking form was not understood");
    expect(html).toContain('name="windowStart"');
    expect(await visits(token)).toEqual({ n: 0 });
  });
});

describe("records with more rows than one statement binds", () => {
  test("a request with 150 visits and a customer with 120 requests open: the record with its newest 20 visits and their history, the customer's page", async () => {
    const { cookie } = await createAdminSession(worker);
    const requestId = await seedQuotedRequest(worker, 9150);
    const customerId = crypto.randomUUID();
    const now = Date.now();
    await worker.db
      .prepare("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, ?, ?, 'Many Visits', 'many@example.com')")
      .bind(customerId, now, now)
      .run();
    await worker.db.prepare("UPDATE quote_requests SET customer_id = ? WHERE id = ?").bind(customerId, requestId).run();
    const statements = [];
    for (let i = 0; i < 150; i++) {
      const visitId = crypto.randomUUID();
      const day = plusDays("2025-01-06", i * 2);
      statements.push(
        worker.db
          .prepare(
            "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'quote', ?, '09:00', '11:00', 'done', '2 Gloucester Avenue', 'residential', 14500, ?, ?)",
          )
          .bind(visitId, requestId, day, now + i, now + i),
        worker.db
          .prepare(
            "INSERT INTO visit_changes (id, visit_id, kind, day, window_start, window_end, actor, created_at) VALUES (?, ?, 'booked', ?, '09:00', '11:00', 'customer', ?)",
          )
          .bind(crypto.randomUUID(), visitId, day, now + i),
      );
    }
    for (let i = 0; i < 119; i++) {
      statements.push(
        worker.db
          .prepare(
            "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, customer_id) VALUES (?, ?, ?, 'Many Visits', 'many@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', 'pending', ?)",
          )
          .bind(crypto.randomUUID(), now - i * 1000, now - i * 1000, customerId),
      );
    }
    await worker.db.batch(statements);
    const record = await worker.fetch(`/admin/quotes/${requestId}`, { headers: { Cookie: cookie } });
    expect(record.status).toBe(200);
    const page = await record.text();
    // The record shows the newest 20 visits with their history, and says where the 130 others are.
    expect(page).toContain(dayLabel(plusDays("2025-01-06", 149 * 2)));
    expect(page).toContain(dayLabel(plusDays("2025-01-06", 130 * 2)));
    expect(page).not.toContain(dayLabel(plusDays("2025-01-06", 129 * 2)));
    expect(page).toMatch(/data-testid="earlier-visits"[^>]*>130 earlier visits are not shown here/);
    expect(page).toContain(`href="/admin/customers/${customerId}#visits-heading"`);
    const customer = await worker.fetch(`/admin/customers/${customerId}`, { headers: { Cookie: cookie } });
    expect(customer.status).toBe(200);
    const customerPage = await customer.text();
    expect(customerPage).toContain("Many Visits");
    expect(customerPage).toContain(
      dayLabel(plusDays("2025-01-06", 149 * 2))
        .split(", ")
        .slice(1)
        .join(", "),
    );
  });
});
