/**
 * The edge cache with no trip to the database (docs/decisions/019-edge-cache.md), against the
 * production Worker in Miniflare with real D1, R2, KV and the Cache API: a page or photo the
 * cache answers makes no D1 query and no R2 read (read from its Server-Timing header, which
 * counts every call the Worker makes); a staff change reaches the next anonymous request; KV's
 * copy of the content version catches up with D1's; staff carry their D1 bookmark.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formOf, makePng, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { STAFF_CHANGE_BOUND_S } from "~/server/platform";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, newClientIp, postFields, postForm, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

/** The Server-Timing figures of a response: cache status, D1 queries, R2 reads and writes, total ms. */
function timingOf(response: Response) {
  const header = response.headers.get("Server-Timing") ?? "";
  const match =
    /cache;desc="(\w+)", d1;desc="(\d+) quer(?:y|ies), (\d+) round trips?";dur=[\d.]+, r2;desc="(\d+) reads?, (\d+) writes?";dur=[\d.]+, total;dur=([\d.]+)/.exec(
      header,
    );
  if (!match) throw new Error(`No Server-Timing figures in "${header}"`);
  const [d1, d1RoundTrips, r2Reads, r2Writes, totalMs] = match.slice(2).map(Number);
  return { cache: match[1], d1, d1RoundTrips, r2Reads, r2Writes, totalMs };
}

const edgeVersion = async () => (await worker.mf.getKVNamespace("EDGE_VERSION")).get("content-version");
const d1Version = () => worker.db.prepare("SELECT version FROM content_version").first<number>("version");

async function publishedPhoto(title: string) {
  const bytes = new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer(),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "add-photo",
    title,
    category: "Deep Clean",
    altText: `Alt of ${title}`,
    publish: "on",
  })) {
    form.append(name, value);
  }
  form.append("photo", new File([bytes], "IMG_1.jpg", { type: "image/jpeg" }));
  expect((await postForm(worker, "/admin/gallery", form, undefined, { Cookie: admin.cookie })).status).toBe(302);
  return worker.db.prepare("SELECT id, photo_id FROM gallery_items WHERE title = ?").bind(title).first<{ id: string; photo_id: string }>();
}

describe("Server-Timing", () => {
  test("every response carries the D1, R2, cache and total figures, whatever answered it", async () => {
    const responses = [
      await worker.fetch("/about"),
      await worker.fetch("/no-such-page"),
      await worker.fetch("/about?nope=1"), // refused by the input gate
      await worker.fetch("/admin/quotes", { redirect: "manual" }), // sent to sign in
      await worker.fetch("/media/0000-320.webp"),
      await postFields(worker, "/contact", { name: "" }),
    ];
    for (const response of responses) {
      const timing = timingOf(response);
      expect(timing.totalMs, response.url).toBeGreaterThanOrEqual(0);
      expect(timing.cache).toBe(response.headers.get("X-Cache"));
    }
  });

  test("the account pages carry no call counts: a reset asked for a known address reads like one for an unknown", async () => {
    const known = await postFields(worker, "/auth/forgot", { email: admin.email }, { "CF-Connecting-IP": newClientIp() });
    const unknown = await postFields(worker, "/auth/forgot", { email: "nobody@example.com" }, { "CF-Connecting-IP": newClientIp() });
    for (const response of [known, unknown, await worker.fetch("/auth")]) {
      expect(response.headers.get("Server-Timing")).toMatch(/^cache;desc="BYPASS", total;dur=[\d.]+$/);
    }
  });

  test("the request's log line carries the same figures", async () => {
    const response = await worker.fetch("/services", { headers: { Cookie: "x=1" } });
    const timing = timingOf(response);
    const id = response.headers.get("X-Request-Id")!;
    const line = worker.output().find((entry) => entry.includes('"event":"request"') && entry.includes(id));
    const logged = JSON.parse(line!.slice(line!.indexOf("{")));
    expect(logged).toMatchObject({
      cache: "BYPASS",
      d1Queries: timing.d1,
      d1RoundTrips: timing.d1RoundTrips,
      r2Reads: timing.r2Reads,
      r2Writes: timing.r2Writes,
    });
  });
});

describe("D1's rows read and written", () => {
  /** The request log line of `response`, parsed. */
  const logLine = (from: TestWorker, response: Response) => {
    const id = response.headers.get("X-Request-Id")!;
    const line = from.output().find((entry) => entry.includes('"event":"request"') && entry.includes(id));
    return JSON.parse(line!.slice(line!.indexOf("{"))) as Record<string, unknown>;
  };

  test("are counted only under MEASURE_D1_ROWS, from D1's own figures, and the page is the same", async () => {
    const plain = await worker.fetch("/services", { headers: { Cookie: "x=1" } });
    const plainPage = await plain.text();
    expect(logLine(worker, plain)).not.toHaveProperty("d1RowsRead");
    const counting = await startWorker({ bindings: { MEASURE_D1_ROWS: "1" } });
    try {
      const response = await counting.fetch("/services", { headers: { Cookie: "x=1" } });
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page.length).toBeGreaterThan(10_000);
      expect(page.match(/<h2[^>]*>[^<]+/g)).toEqual(plainPage.match(/<h2[^>]*>[^<]+/g));
      const line = logLine(counting, response);
      expect(line.d1RowsRead).toBeGreaterThan(0);
      expect(line.d1RowsWritten).toBe(0);
      // A write counts the rows it wrote: a contact message stored (its row, its search index's, its notification's).
      const sent = await postForm(counting, "/contact", formOf(VALID_CONTACT));
      expect(sent.status).toBe(303);
      expect(logLine(counting, sent).d1RowsWritten).toBeGreaterThan(0);
    } finally {
      await counting.dispose();
    }
  });
});

describe("a cache hit touches no database", () => {
  test("a cached public page: 0 D1 queries and 0 R2 reads; uncached, one D1 round trip at most", async () => {
    for (const path of ["/", "/services", "/services/residential", "/about", "/contact", "/gallery", "/faq", "/quote", "/pricing"]) {
      const uncached = timingOf(await worker.fetch(path, { headers: { Cookie: "x=1" } }));
      expect(uncached.d1, path).toBeLessThanOrEqual(1);
      await worker.fetch(path);
      const hit = timingOf(await worker.fetch(path));
      expect(hit, path).toMatchObject({ cache: "HIT", d1: 0, r2Reads: 0, r2Writes: 0 });
    }
  });

  test(`a staff change reaches the next anonymous request (and every location within ${STAFF_CHANGE_BOUND_S} s)`, async () => {
    await worker.fetch("/faq");
    expect(timingOf(await worker.fetch("/faq")).cache).toBe("HIT");
    const marker = `Edge ${crypto.randomUUID().slice(0, 8)}`;
    const review = {
      intent: "add",
      author: "Kay R.",
      area: "Ironshore",
      serviceType: "residential",
      rating: "5",
      body: marker,
      reviewedOn: "2026-11-20",
    };
    expect((await postFields(worker, "/admin/reviews", review, { Cookie: admin.cookie })).status).toBe(302);
    // The staff request itself copied D1's new version to KV.
    expect(await edgeVersion()).toBe(String(await d1Version()));
    const id = await worker.db.prepare("SELECT id FROM reviews WHERE body = ?").bind(marker).first<string>("id");
    expect((await postFields(worker, "/admin/reviews", { intent: "publish", id: id! }, { Cookie: admin.cookie })).status).toBe(302);
    const home = await worker.fetch("/");
    expect(timingOf(home).cache).toBe("MISS");
    expect(await home.text()).toContain(marker);
    expect(timingOf(await worker.fetch("/")).d1).toBe(0);
  });

  test("KV's copy catches up with D1's: absent, it is read from D1 and stored; behind, the next staff write or the daily cron moves it", async () => {
    const kv = await worker.mf.getKVNamespace("EDGE_VERSION");
    await kv.delete("content-version");
    const first = await worker.fetch("/about");
    expect(first.status).toBe(200);
    expect(timingOf(first).d1).toBeGreaterThanOrEqual(1);
    await expect.poll(() => kv.get("content-version")).toBe(String(await d1Version()));

    // A lost copy: KV stays at an older version than D1 until a staff write or the cron.
    await kv.put("content-version", "0");
    expect(
      (await postFields(worker, "/admin/reviews", { intent: "hide", id: "no-such-review" }, { Cookie: admin.cookie })).status,
    ).toBeLessThan(500);
    await kv.put("content-version", "0");
    const handler = await worker.mf.getWorker();
    await handler.scheduled({ scheduledTime: new Date(), cron: "30 13 * * *" });
    expect(await kv.get("content-version")).toBe(String(await d1Version()));
  });
});

describe("nothing is shared under a version it was not read at", () => {
  test("a page drawn from a copy of D1 behind the version KV names (a lagging replica) is shown but never cached", async () => {
    const kv = await worker.mf.getKVNamespace("EDGE_VERSION");
    await kv.put("content-version", String((await d1Version())! + 5));
    try {
      for (let i = 0; i < 2; i++) {
        const page = await worker.fetch("/about");
        expect(page.status).toBe(200);
        expect(page.headers.get("Cache-Control")).toBe("private, no-store");
        expect(timingOf(page).cache).toBe("BYPASS");
      }
    } finally {
      await kv.put("content-version", String(await d1Version()));
    }
    await worker.fetch("/about");
    expect(timingOf(await worker.fetch("/about")).cache).toBe("HIT");
  });
});

describe("round trips where the cache cannot answer", () => {
  test("the quote form's POST: its batch and the e-mails' rows, 2 round trips; an admin list and its frame: 2", async () => {
    const quote = formOf(VALID_QUOTE);
    quote.append("photos", new File([makePng()], "kitchen.png", { type: "image/png" }));
    await postForm(worker, "/quote", quote);
    const posted = timingOf(await postForm(worker, "/quote", quote));
    expect(posted.d1RoundTrips).toBeLessThanOrEqual(2);
    expect(posted.r2Writes).toBe(1);
    for (const path of ["/admin/quotes", "/admin/messages", "/admin/quotes.data"]) {
      const list = timingOf(await worker.fetch(path, { headers: { Cookie: admin.cookie } }));
      expect(list.d1RoundTrips, path).toBeLessThanOrEqual(2);
    }
  });

  test("a contact message's page: the record, its photos and history beside the session, then its replies: 2 round trips", async () => {
    expect((await postForm(worker, "/contact", formOf(VALID_CONTACT))).status).toBe(303);
    const id = (await worker.db.prepare("SELECT id FROM contact_messages ORDER BY created_at DESC LIMIT 1").first<string>("id"))!;
    const record = await worker.fetch(`/admin/messages/${id}`, { headers: { Cookie: admin.cookie } });
    expect(record.status).toBe(200);
    expect(timingOf(record).d1RoundTrips).toBeLessThanOrEqual(2);
    // An unknown record: still the 404, and for a stranger the redirect to sign in, without a query.
    expect((await worker.fetch(`/admin/messages/${crypto.randomUUID()}`, { headers: { Cookie: admin.cookie } })).status).toBe(404);
    const stranger = await worker.fetch(`/admin/messages/${id}`, { redirect: "manual" });
    expect(stranger.status).toBe(302);
    expect(timingOf(stranger).d1).toBe(0);
  });

  test("a quote request's, a customer's and an invoice's page, the schedule and the day sheets: at most 2 round trips each", async () => {
    const requestId = await seedQuotedRequest(worker, 7100, { name: "Round Trips" });
    const customerId = crypto.randomUUID();
    await worker.db.batch([
      worker.db
        .prepare(
          "INSERT INTO customers (id, name, email, created_at, updated_at) VALUES (?, 'Round Trips', 'round.trips@example.com', ?, ?)",
        )
        .bind(customerId, Date.now(), Date.now()),
      worker.db.prepare("UPDATE quote_requests SET customer_id = ? WHERE id = ?").bind(customerId, requestId),
    ]);
    const drafted = await postFields(worker, "/admin/invoices/new", { from: "quote", quoteRequestId: requestId }, { Cookie: admin.cookie });
    const invoicePath = drafted.headers.get("Location") ?? "";
    expect(invoicePath).toMatch(/^\/admin\/invoices\/[0-9a-f-]{36}$/);
    for (const path of [
      `/admin/quotes/${requestId}`,
      `/admin/customers/${customerId}`,
      invoicePath,
      "/admin/schedule",
      "/admin/schedule?view=week",
      "/admin/schedule/sheet",
    ]) {
      const page = await worker.fetch(path, { headers: { Cookie: admin.cookie } });
      expect(page.status, path).toBe(200);
      expect(timingOf(page).d1RoundTrips, path).toBeLessThanOrEqual(2);
    }
    // Unknown ids: the 404 once the session is known; a stranger is sent to sign in without a query.
    for (const path of [
      `/admin/customers/${crypto.randomUUID()}`,
      "/admin/customers/not-an-id",
      `/admin/invoices/${crypto.randomUUID()}`,
      "/admin/invoices/not-an-id",
    ]) {
      expect((await worker.fetch(path, { headers: { Cookie: admin.cookie } })).status, path).toBe(404);
      const stranger = await worker.fetch(path, { redirect: "manual" });
      expect(stranger.status, path).toBe(302);
      expect(timingOf(stranger).d1, path).toBe(0);
    }
  });

  test("the overview and its frame read beside the session: one round trip; a cookie this site did not sign reads nothing", async () => {
    const overview = await worker.fetch("/admin", { headers: { Cookie: admin.cookie } });
    expect(overview.status).toBe(200);
    expect(timingOf(overview).d1RoundTrips).toBe(1);
    // A forged or unsigned session cookie: the redirect to sign in, without one D1 query.
    const forged = await worker.fetch("/admin", { headers: { Cookie: `${admin.cookie.slice(0, -4)}AAAA` }, redirect: "manual" });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toMatch(/^\/auth/);
    expect(timingOf(forged).d1).toBe(0);
    // A signed-in account without the admin role is sent away, the early reads' figures nowhere in the answer.
    const user = await createAdminSession(worker, "user");
    const refused = await worker.fetch("/admin", { headers: { Cookie: user.cookie }, redirect: "manual" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    expect(await refused.text()).not.toMatch(/Needs you|Unpaid|Today/);
  });
});

describe("gallery photos from the edge", () => {
  test("a published photo is answered from the edge with no D1 or R2 call; once hidden, never again", async () => {
    const photo = await publishedPhoto(`Edge photo ${crypto.randomUUID().slice(0, 6)}`);
    const url = `/media/${photo!.photo_id}-480.webp`;
    const first = await worker.fetch(url);
    expect(first.status).toBe(200);
    expect(timingOf(first).cache).toBe("MISS");
    const bytes = new Uint8Array(await first.arrayBuffer());
    const again = await worker.fetch(url);
    expect(timingOf(again)).toMatchObject({ cache: "HIT", d1: 0, r2Reads: 0 });
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const etag = again.headers.get("ETag")!;
    const revalidated = await worker.fetch(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(timingOf(revalidated)).toMatchObject({ cache: "HIT", d1: 0, r2Reads: 0 });

    expect((await postFields(worker, "/admin/gallery", { intent: "hide", id: photo!.id }, { Cookie: admin.cookie })).status).toBe(302);
    const hidden = await worker.fetch(url);
    expect(hidden.status).toBe(404);
    expect(timingOf(hidden).cache).toBe("BYPASS");
    expect((await worker.fetch(url)).status).toBe(404);
  });
});

describe("D1 sessions", () => {
  test("staff responses carry the session's bookmark; public pages set no cookie", async () => {
    const page = await worker.fetch("/admin/quotes", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const bookmark = (page.headers.get("Set-Cookie") ?? "").match(/d1-bookmark=([^;]*)/);
    expect(bookmark, "a bookmark cookie").not.toBeNull();
    const next = await worker.fetch("/admin/quotes", { headers: { Cookie: `${admin.cookie}; d1-bookmark=${bookmark![1]}` } });
    expect(next.status).toBe(200);
    // A forged bookmark is ignored, never a 500.
    const forged = await worker.fetch("/admin/quotes", { headers: { Cookie: `${admin.cookie}; d1-bookmark=%3Cscript%3E` } });
    expect(forged.status).toBe(200);
    expect((await worker.fetch("/services")).headers.get("Set-Cookie")).toBeNull();
  });
});
