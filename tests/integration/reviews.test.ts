/**
 * Customer reviews and the page cache's content version, against the production Worker in
 * Miniflare with real D1 and the real Cache API: what staff publish reaches anonymous
 * visitors on the next request, and nothing hidden ever reaches a public page or the cache.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REVIEW_MESSAGES } from "~/domain/texts/staff-messages";
import { createAdminSession, postFields, startWorker, syncEdgeVersion, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

const REVIEW = {
  intent: "add",
  author: "Marcia P.",
  area: "Rose Hall",
  serviceType: "residential",
  rating: "5",
  body: "Spotless after the party",
  reviewedOn: "2026-11-20",
};

/** An anonymous visitor's GET: the body and how the page cache served it. */
async function visit(path: string) {
  const response = await worker.fetch(path);
  return { status: response.status, cache: response.headers.get("X-Cache"), html: await response.text() };
}

const version = () => worker.db.prepare("SELECT version FROM content_version").first<number>("version");

describe("reviews and the page cache", () => {
  test("a cached page changes after a publish; a hidden review never reaches a public page or the cache", async () => {
    const marker = `Sparkling ${crypto.randomUUID().slice(0, 8)}`;
    await visit("/");
    const cached = await visit("/");
    expect(cached.cache).toBe("HIT");
    expect(cached.html).not.toContain("What our customers say");
    expect(cached.html).not.toContain("AggregateRating");

    // Added, still hidden: the version moves, the page does not show it.
    const before = await version();
    const added = await postFields(worker, "/admin/reviews", { ...REVIEW, body: marker }, { Cookie: admin.cookie });
    expect(added.status).toBe(302);
    expect(await version()).toBe(before! + 1);
    for (const path of ["/", "/", "/services/residential", "/services/residential"]) {
      const page = await visit(path);
      expect(page.html, path).not.toContain(marker);
    }
    const id = await worker.db.prepare("SELECT id FROM reviews WHERE body = ?").bind(marker).first<string>("id");

    // Published: the very next anonymous request gets it, on the home page and its service's page only.
    expect((await postFields(worker, "/admin/reviews", { intent: "publish", id: id! }, { Cookie: admin.cookie })).status).toBe(302);
    const home = await visit("/");
    expect(home.cache).toBe("MISS");
    expect(home.html).toContain(marker);
    expect(home.html).toContain("What our customers say");
    expect(home.html).toContain('"@type":"AggregateRating","ratingValue":5,"reviewCount":1');
    expect((await visit("/")).cache).toBe("HIT");
    expect((await visit("/services/residential")).html).toContain(marker);
    const other = await visit("/services/commercial");
    expect(other.html).not.toContain(marker);
    expect(other.html).not.toContain("AggregateRating");

    // Hidden again: gone from the next request, cached copies included.
    expect((await postFields(worker, "/admin/reviews", { intent: "hide", id: id! }, { Cookie: admin.cookie })).status).toBe(302);
    for (const path of ["/", "/", "/services/residential", "/services/residential"]) {
      const page = await visit(path);
      expect(page.html, path).not.toContain(marker);
      expect(page.html, path).not.toContain("AggregateRating");
    }
  });

  test("bad input is refused with the field's message and changes nothing, not even the version", async () => {
    const before = await version();
    const rows = await worker.db.prepare("SELECT count(*) AS n FROM reviews").first<number>("n");
    const cases: Array<[Record<string, string>, string]> = [
      [{ author: "" }, "Name or initials is required."],
      [{ rating: "6" }, "Please choose a rating from 1 to 5 stars."],
      [{ reviewedOn: "2026-02-30" }, "Date must be a date (YYYY-MM-DD)."],
      [{ serviceType: "windows" }, "Please choose a valid service."],
    ];
    for (const [fields, message] of cases) {
      const response = await postFields(worker, "/admin/reviews", { ...REVIEW, ...fields }, { Cookie: admin.cookie });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const gone = await postFields(worker, "/admin/reviews", { intent: "publish", id: crypto.randomUUID() }, { Cookie: admin.cookie });
    expect(gone.status).toBe(404);
    expect((await gone.text()).replaceAll("&#x27;", "'")).toContain(REVIEW_MESSAGES.gone.slice(0, 30));
    expect(await version()).toBe(before);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM reviews").first<number>("n")).toBe(rows);
  });

  test("only admins can add or publish reviews", async () => {
    const user = await createAdminSession(worker, "user");
    const before = await version();
    for (const headers of [{}, { Cookie: user.cookie }] as Array<Record<string, string>>) {
      const response = await postFields(worker, "/admin/reviews", { ...REVIEW, body: "Not from staff" }, headers);
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.headers.get("Location") ?? "").not.toBe("/admin/reviews");
    }
    expect(await worker.db.prepare("SELECT count(*) AS n FROM reviews WHERE body = 'Not from staff'").first<number>("n")).toBe(0);
    expect(await version()).toBe(before);
  });

  test("a page drawn while D1 fails to read its reviews is not cached: the next visitor gets them", async () => {
    for (const path of ["/", "/services/residential"]) {
      // A new version first, so the page is not answered from copies cached by earlier tests.
      await worker.db.exec("UPDATE content_version SET version = version + 1;");
      await syncEdgeVersion(worker);
      await worker.db.exec("ALTER TABLE reviews RENAME TO reviews_away;");
      try {
        const degraded = await worker.fetch(path);
        expect(degraded.status, path).toBe(200);
        expect(degraded.headers.get("Cache-Control"), path).toBe("private, no-store");
        expect(degraded.headers.get("X-Cache"), path).toBe("BYPASS");
      } finally {
        await worker.db.exec("ALTER TABLE reviews_away RENAME TO reviews;");
      }
      const page = await worker.fetch(path);
      expect(page.headers.get("Cache-Control"), path).toBe("public, no-cache");
    }
  });
});

describe("the reviews list", () => {
  test("shows 50 a page, newest first, with links to the other pages; a page out of range or not a number shows the first", async () => {
    const existing = Number((await worker.db.prepare("SELECT count(*) AS n FROM reviews").first<number>("n")) ?? 0);
    const now = Date.now();
    await worker.db.batch(
      Array.from({ length: 60 }, (_, i) =>
        worker.db
          .prepare(
            "INSERT INTO reviews (id, author, area, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, ?, NULL, 'residential', 5, 'Paged review', ?, 0, ?, ?)",
          )
          .bind(crypto.randomUUID(), `Paged ${String(i).padStart(2, "0")}`, "2099-01-01", now + i, now + i),
      ),
    );
    const total = existing + 60;
    const get = async (path: string) => (await worker.fetch(path, { headers: { Cookie: admin.cookie } })).text();
    const first = await get("/admin/reviews");
    // The rendered cards (">Paged 59"), not the loader data the page also carries.
    const authors = (html: string) => [...html.matchAll(/>Paged (\d\d)/g)].map((match) => match[1]);
    expect(first).toContain(`All reviews (${total})`);
    expect(authors(first)).toEqual(Array.from({ length: 50 }, (_, i) => String(59 - i).padStart(2, "0")));
    expect(first).toContain(`Page 1 of ${Math.ceil(total / 50)}`);
    expect(first).toContain('href="/admin/reviews?page=2"');
    const second = await get("/admin/reviews?page=2");
    expect(authors(second)).toEqual(["09", "08", "07", "06", "05", "04", "03", "02", "01", "00"]);
    expect(second).toContain('href="/admin/reviews?page=1"');
    for (const junk of ["abc", "0", "-1", "1.5", "99999999"]) expect(authors(await get(`/admin/reviews?page=${junk}`))).toHaveLength(50);
  });
});
