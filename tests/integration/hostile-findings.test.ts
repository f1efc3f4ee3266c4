/**
 * Hostile requests through the built Worker in Miniflare: a method a page does not take (405)
 * logs no error and says what happened, a cookie-carrying write without `Origin` or
 * `Sec-Fetch-Site` is refused (app/worker/origin.ts), and the booking page
 * (app/routes/public/book/) refuses a malformed day or an unknown intent with its message on the
 * page, changing nothing in D1.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { seedQuotedRequest } from "./booking-seed";
import { startWorker, type TestWorker } from "./worker";

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
