/**
 * The public content (docs/architecture.md §4.24), against the production Worker in Miniflare
 * with real D1 and the real Cache API: the home and service pages draw their reviews from the
 * one snapshot the request's site content is read with, kept by the isolate per content
 * version. A review published or hidden is on the very next request's pages; at an unchanged
 * version a page is drawn with no read of its own; and the reviews, count and average shown
 * are those of the direct queries (newest REVIEWS_SHOWN, all published ones counted), whatever
 * the number of reviews per service.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { SERVICE_TYPES, type ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import { createAdminSession, postFields, startWorker, syncEdgeVersion, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

/** What a page shows of the reviews, from its schema.org data: each review in order, the average rating and the count. */
interface Shown {
  reviews: Array<{ author: string; date: string; body: string; rating: number }>;
  average: number;
  count: number;
}

/** An anonymous GET of `path`: its cache header and what it shows of the reviews. */
async function shownOn(path: string): Promise<{ cacheControl: string | null; shown: Shown | null; html: string }> {
  const response = await worker.fetch(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, json]) => JSON.parse(json!));
  const data = scripts.find((entry) => "aggregateRating" in entry) as
    | {
        aggregateRating: { ratingValue: number; reviewCount: number };
        review: Array<{ author: { name: string }; datePublished: string; reviewBody: string; reviewRating: { ratingValue: number } }>;
      }
    | undefined;
  const shown = data && {
    reviews: data.review.map((review) => ({
      author: review.author.name,
      date: review.datePublished,
      body: review.reviewBody,
      rating: review.reviewRating.ratingValue,
    })),
    average: data.aggregateRating.ratingValue,
    count: data.aggregateRating.reviewCount,
  };
  return { cacheControl: response.headers.get("Cache-Control"), shown: shown ?? null, html };
}

/** What the pages showed before the public content: the newest REVIEWS_SHOWN published (of `service`), and all published ones' count and avg(). */
async function directly(service?: ServiceType): Promise<Shown | null> {
  const where = `published = 1${service ? " AND service_type = ?" : ""}`;
  const bind = service ? [service] : [];
  const rows = await worker.db
    .prepare(
      `SELECT author, reviewed_on AS date, body, rating FROM reviews WHERE ${where} ORDER BY reviewed_on DESC, created_at DESC, id DESC LIMIT ?`,
    )
    .bind(...bind, REVIEWS_SHOWN)
    .all<Shown["reviews"][number]>();
  const totals = await worker.db
    .prepare(`SELECT count(*) AS count, avg(rating) AS average FROM reviews WHERE ${where}`)
    .bind(...bind)
    .first<{ count: number; average: number | null }>();
  if (!totals || totals.count === 0 || totals.average === null) return null;
  return { reviews: rows.results, average: Math.round(totals.average * 10) / 10, count: totals.count };
}

/** Writes reviews as staff changes do: the rows and the content version's bump in one batch. */
async function insertReviews(rows: Array<{ service: ServiceType; rating: number; date: string; published: boolean; createdAt: number }>) {
  await worker.db.batch([
    ...rows.map((row, index) =>
      worker.db
        .prepare(
          "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          crypto.randomUUID(),
          `Customer ${index}`,
          row.service,
          row.rating,
          `Review ${index} of ${row.service}, ${row.date}`,
          row.date,
          row.published ? 1 : 0,
          row.createdAt,
          row.createdAt,
        ),
    ),
    worker.db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
  ]);
  await syncEdgeVersion(worker);
}

/** The shown services' pages, with their service type. */
const SERVICE_PAGES = STARTING_CONTENT.services
  .filter((service) => service.shown)
  .map((service) => [service.slug, service.serviceType] as const);

describe("the public content", () => {
  test("a review staff publish is on / and its service's page at the next request, warm isolate or not; hidden, it is gone", async () => {
    const marker = `Gleaming ${crypto.randomUUID().slice(0, 8)}`;
    const review = {
      intent: "add",
      author: "Desmond R.",
      area: "Ironshore",
      serviceType: "commercial",
      rating: "4",
      reviewedOn: "2026-10-02",
    };
    // The isolate holds the public content at the current version.
    for (const path of ["/", "/", "/services/commercial"]) await shownOn(path);
    expect((await postFields(worker, "/admin/reviews", { ...review, body: marker }, { Cookie: admin.cookie })).status).toBe(302);
    const id = await worker.db.prepare("SELECT id FROM reviews WHERE body = ?").bind(marker).first<string>("id");
    expect((await shownOn("/")).html).not.toContain(marker);

    expect((await postFields(worker, "/admin/reviews", { intent: "publish", id: id! }, { Cookie: admin.cookie })).status).toBe(302);
    for (const path of ["/", "/services/commercial"]) {
      const page = await shownOn(path);
      expect(page.html, path).toContain(marker);
      expect(page.shown, path).toEqual(await directly(path === "/" ? undefined : "commercial"));
    }
    expect((await shownOn("/services/residential")).html).not.toContain(marker);

    expect((await postFields(worker, "/admin/reviews", { intent: "hide", id: id! }, { Cookie: admin.cookie })).status).toBe(302);
    for (const path of ["/", "/services/commercial"]) expect((await shownOn(path)).html, path).not.toContain(marker);
  });

  test("at an unchanged content version, a page not drawn yet reads no reviews from D1: the isolate's copy draws it, and it is cached", async () => {
    await insertReviews([{ service: "airbnb", rating: 5, date: "2026-09-09", published: true, createdAt: Date.now() }]);
    // Read at the new version by this page…
    const home = await shownOn("/");
    expect(home.shown).toEqual(await directly());
    // …then a page of that version not drawn yet, while the reviews cannot be read: no query is made for them.
    await worker.db.exec("ALTER TABLE reviews RENAME TO reviews_away;");
    try {
      const page = await shownOn("/services/airbnb");
      expect(page.cacheControl).toBe("public, no-cache");
      expect(page.shown?.reviews.map((review) => review.body)).toContain("Review 0 of airbnb, 2026-09-09");
    } finally {
      await worker.db.exec("ALTER TABLE reviews_away RENAME TO reviews;");
    }
    // A new version must be read: while it cannot be, the page is drawn without reviews and not cached.
    await worker.db.exec("UPDATE content_version SET version = version + 1 WHERE id = 1;");
    await syncEdgeVersion(worker);
    await worker.db.exec("ALTER TABLE reviews RENAME TO reviews_away;");
    try {
      const page = await shownOn("/services/airbnb");
      expect(page.cacheControl).toBe("private, no-store");
      expect(page.shown).toBeNull();
    } finally {
      await worker.db.exec("ALTER TABLE reviews_away RENAME TO reviews;");
    }
  });

  test("more than REVIEWS_SHOWN reviews of one service and of several: the pages show what the direct queries give", async () => {
    const start = Date.parse("2026-01-01T12:00:00Z");
    const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);
    const rows: Parameters<typeof insertReviews>[0] = [];
    // Residential well past REVIEWS_SHOWN, with days shared (ordered by when they were added, then by id) and hidden ones among them.
    for (let n = 0; n < REVIEWS_SHOWN * 3; n++) {
      rows.push({
        service: "residential",
        rating: 1 + ((n * 7) % 5),
        date: day(n % 5),
        published: n % 4 !== 3,
        createdAt: start + (n % 3) * 1000,
      });
    }
    // Others: more than REVIEWS_SHOWN, fewer, none published; some newer than every residential one.
    for (let n = 0; n < REVIEWS_SHOWN + 2; n++)
      rows.push({ service: "commercial", rating: 2 + (n % 4), date: day(3 + n), published: true, createdAt: start + n });
    for (let n = 0; n < 2; n++) rows.push({ service: "strata", rating: 3 + n, date: day(40 + n), published: true, createdAt: start });
    rows.push({ service: "industrial-kitchen", rating: 1, date: day(50), published: false, createdAt: start });
    await insertReviews(rows);

    const home = await shownOn("/");
    expect(home.shown).toEqual(await directly());
    expect(home.shown?.reviews).toHaveLength(REVIEWS_SHOWN);
    for (const [slug, serviceType] of SERVICE_PAGES) {
      const page = await shownOn(`/services/${slug}`);
      expect(page.shown, slug).toEqual(await directly(serviceType));
    }
    // Every service type, including any without a page, is counted on the home page.
    const counted = await Promise.all(SERVICE_TYPES.map(async (type) => (await directly(type))?.count ?? 0));
    expect(home.shown?.count).toBe(counted.reduce((sum, count) => sum + count, 0));
  });
});
