/**
 * The price guide (docs/product.md §13 "Price guide") against the production Worker in
 * Miniflare with real D1 and the real mail queue: the editor at /admin/content/prices (preview,
 * publish, refusals, who may use it), /pricing and its structured data, the typical price in the
 * quote form's success message and confirmation e-mail, and beside 'Send quote'.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PRICE_GUIDE_MESSAGES } from "~/domain/texts/staff-messages";
import type { PriceRange } from "~/domain/site-content";
import { PRICE_CELLS, PRICE_PARTS, priceFieldName } from "~/routes/admin/content-prices/schema";
import { formOf, VALID_QUOTE } from "../fixtures";
import {
  cookiesOf,
  createAdminSession,
  followRedirect,
  postFields,
  postForm,
  startWorker,
  syncEdgeVersion,
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
  // Back to the starting content: the seeded, empty guide (and a new content version, so no copy of a page or of the content is reused).
  await worker.db.batch([
    worker.db.prepare("DELETE FROM site_content_revisions WHERE section = 'prices' AND action <> 'seed'"),
    worker.db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
    worker.db.prepare("DELETE FROM quote_requests"),
    worker.db.prepare("DELETE FROM mail_deliveries"),
  ]);
  await syncEdgeVersion(worker);
});

const PAGE = "/admin/content/prices";

/** `html` with the entities React writes decoded. */
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** Text of a page with the entities React writes decoded. */
const textOf = async (response: Response) => decode(await response.text());

/** The preview's hidden guide (JSON), read from the page as sent. */
const previewedPrices = async (response: Response) => decode((await response.text()).match(/name="prices" value="([^"]*)"/)![1]!);

/** The guide's revisions in D1, oldest first. */
const revisions = async () =>
  (
    await worker.db.prepare("SELECT id, body, author_email FROM site_content_revisions WHERE section = 'prices' ORDER BY id").all<{
      id: number;
      body: string;
      author_email: string | null;
    }>()
  ).results;

/** The live guide's revision id (what the editor's `basedOn` carries). */
const liveRevision = async () => (await revisions()).at(-1)!.id;

/** The table's 64 inputs, empty but for `values` (by field name), as a browser posts the form. */
function tableFields(service: string, basedOn: number, values: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = { intent: "preview", service, basedOn: String(basedOn) };
  for (const cell of PRICE_CELLS) for (const part of PRICE_PARTS) fields[priceFieldName(cell, part)] = "";
  return { ...fields, ...values };
}

const asAdmin = (fields: Record<string, string>, cookie = admin.cookie) => postFields(worker, PAGE, fields, { Cookie: cookie });

/** Publishes `prices` as the whole guide, as the preview's 'Publish' does; out: the response. */
async function publish(prices: PriceRange[], service = "residential") {
  return asAdmin({ intent: "publish", service, basedOn: String(await liveRevision()), prices: JSON.stringify(prices) });
}

const range = (overrides: Partial<PriceRange>): PriceRange => ({
  service: "residential",
  size: "medium",
  frequency: "bi-weekly",
  minJmd: 14000,
  maxJmd: 18000,
  minUsd: null,
  maxUsd: null,
  ...overrides,
});

describe("the editor", () => {
  test("an admin fills a service's table, previews it as /pricing will show it, publishes; other services are kept", async () => {
    const page = await worker.fetch(`${PAGE}?service=residential`, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html).toContain("Price guide");
    expect(html).toContain('href="/admin/content/prices/history"');
    const basedOn = Number(html.match(/name="basedOn" value="(\d+)"/)?.[1]);
    expect(basedOn).toBe(await liveRevision());

    const before = (await revisions()).length;
    const previewed = await asAdmin(
      tableFields("residential", basedOn, {
        "small-one-time-minJmd": "14000",
        "small-one-time-maxJmd": "18,000",
        "small-one-time-minUsd": "90",
        "small-one-time-maxUsd": "115",
        "medium-weekly-minJmd": "J$20000",
        "medium-weekly-maxJmd": "26000",
      }),
    );
    expect(previewed.status).toBe(200);
    const preview = await textOf(previewed.clone());
    expect(preview).toContain("Preview: Residential Cleaning");
    expect(preview).toMatch(/J\$14,000-18,000<\/span><span[^>]*>\(US\$90-115\)/);
    expect(preview).toContain("J$20,000-26,000");
    expect(preview).toContain(">Publish<");
    expect(preview).toContain("Back to editing");
    expect((await revisions()).length).toBe(before); // a preview stores nothing

    const pricesJson = await previewedPrices(previewed);
    const published = await asAdmin({ intent: "publish", service: "residential", basedOn: String(basedOn), prices: pricesJson });
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe(`${PAGE}?service=residential`);
    const after = await revisions();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.author_email).toBe(admin.email);
    expect(JSON.parse(after.at(-1)!.body)).toEqual([
      { service: "residential", size: "small", frequency: "one-time", minJmd: 14000, maxJmd: 18000, minUsd: 90, maxUsd: 115 },
      { service: "residential", size: "medium", frequency: "weekly", minJmd: 20000, maxJmd: 26000, minUsd: null, maxUsd: null },
    ]);
    const notice = published.headers.get("Set-Cookie")!.split(";")[0]!;
    const shown = await textOf(
      await worker.fetch(published.headers.get("Location")!, { headers: { Cookie: `${admin.cookie}; ${notice}` } }),
    );
    expect(shown).toContain("Price guide published.");

    // Another service's table changes that service only.
    const commercial = await asAdmin(
      tableFields("commercial", await liveRevision(), { "commercial-monthly-minJmd": "50000", "commercial-monthly-maxJmd": "90000" }),
    );
    const commercialJson = await previewedPrices(commercial);
    expect(JSON.parse(commercialJson)).toHaveLength(3);
    expect(
      (await asAdmin({ intent: "publish", service: "commercial", basedOn: String(await liveRevision()), prices: commercialJson })).status,
    ).toBe(302);
    const live = JSON.parse((await revisions()).at(-1)!.body) as PriceRange[];
    expect(live.map((entry) => `${entry.service}/${entry.size}/${entry.frequency}`)).toEqual([
      "residential/small/one-time",
      "residential/medium/weekly",
      "commercial/commercial/monthly",
    ]);

    // 'Back to editing' shows the previewed values in the table again.
    const back = await textOf(await asAdmin({ intent: "edit", service: "commercial", basedOn: String(basedOn), prices: commercialJson }));
    expect(back).toMatch(/name="commercial-monthly-minJmd"[^>]*value="50000"/);
  });

  test("a preview published after someone else published is refused as stale; nothing is written", async () => {
    const basedOn = await liveRevision();
    expect((await publish([range({})])).status).toBe(302);
    const count = (await revisions()).length;
    const stale = await asAdmin({ intent: "publish", service: "residential", basedOn: String(basedOn), prices: JSON.stringify([]) });
    expect(stale.status).toBe(409);
    expect(await textOf(stale)).toContain(PRICE_GUIDE_MESSAGES.stale);
    expect((await revisions()).length).toBe(count);
  });

  test("max below min, letters and a US$ range with one end are refused with the row's name; nothing stored, values kept", async () => {
    const before = (await revisions()).length;
    const refused = await asAdmin(
      tableFields("residential", await liveRevision(), {
        "medium-one-time-minJmd": "18000",
        "medium-one-time-maxJmd": "14000",
        "small-weekly-minJmd": "abc",
        "small-weekly-maxJmd": "9000",
        "large-monthly-minJmd": "30000",
        "large-monthly-maxJmd": "40000",
        "large-monthly-minUsd": "200",
        "small-one-time-minJmd": "12000",
        "small-one-time-maxJmd": "15000",
      }),
    );
    expect(refused.status).toBe(400);
    const html = await textOf(refused);
    expect(html).toContain(PRICE_GUIDE_MESSAGES.refused(3));
    expect(html).toContain("Medium (3-4 bedrooms), One-time: the highest J$ price must not be below the lowest.");
    expect(html).toContain("Small (1-2 bedrooms), Weekly: the lowest J$ price must be a whole number of dollars, such as 14000.");
    expect(html).toContain("Large (5+ bedrooms), Monthly: give the US$ range both ends, or leave both empty.");
    expect(html).toMatch(/name="small-weekly-minJmd"[^>]*value="abc"/);
    expect(html).toMatch(/name="small-one-time-maxJmd"[^>]*value="15000"/);
    expect(html).not.toContain('name="prices"');
    expect((await revisions()).length).toBe(before);

    // A guide posted to 'Publish' that does not pass the section's schema is refused too.
    const forged = await publish([range({ minJmd: 20000, maxJmd: 10000 })]);
    expect(forged.status).toBe(400);
    expect(await textOf(forged)).toContain(PRICE_GUIDE_MESSAGES.unreadable);
    expect((await revisions()).length).toBe(before);
  });

  test("anonymous visitors and signed-in non-admins can neither see nor publish the guide", async () => {
    const user = await createAdminSession(worker, "user");
    const before = (await revisions()).length;
    const anonymous = await worker.fetch(PAGE, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?/);
    expect((await worker.fetch(PAGE, { redirect: "manual", headers: { Cookie: user.cookie } })).headers.get("Location")).toBe("/");
    const prices = JSON.stringify([range({})]);
    const fields = { intent: "publish", service: "residential", basedOn: String(await liveRevision()), prices };
    expect((await postFields(worker, PAGE, fields)).status).toBe(302);
    const denied = await asAdmin(fields, user.cookie);
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");
    expect((await revisions()).length).toBe(before);
  });
});

describe("/pricing", () => {
  test("with an empty guide it answers 200 and asks for a free quote, without structured prices", async () => {
    const response = await worker.fetch("/pricing");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    const html = await textOf(response);
    expect(html).toContain("Our prices depend on the job; ask for a free quote");
    expect(html).toContain('href="/quote"');
    expect(html).not.toContain('"PriceSpecification"');
  });

  test("lists each service's ranges, what changes a price, the quote link per service, and Offers with PriceSpecifications", async () => {
    await publish([
      range({ size: "small", frequency: "one-time", minJmd: 14000, maxJmd: 18000, minUsd: 90, maxUsd: 115 }),
      range({ service: "airbnb", size: "medium", frequency: "weekly", minJmd: 9000, maxJmd: 12000 }),
    ]);
    const response = await worker.fetch("/pricing");
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain("Residential Cleaning");
    expect(html).toMatch(/J\$14,000-18,000<\/span><span[^>]*>\(US\$90-115\)/);
    expect(html).toContain("Airbnb Turnover Cleaning");
    expect(html).toContain("J$9,000-12,000");
    expect(html).toContain("Pricing varies by space size, cleaning type and frequency");
    expect(html).toContain('href="/quote?service=residential"');
    expect(html).toContain('href="/quote?service=airbnb"');
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    const graph = scripts.find((script) => script["@graph"])?.["@graph"] as Array<Record<string, unknown>>;
    expect(graph.map((service) => [service["@type"], service.name])).toEqual([
      ["Service", "Residential Cleaning"],
      ["Service", "Airbnb Turnover Cleaning"],
    ]);
    const offer = (graph[0]!.offers as Array<Record<string, unknown>>)[0]!;
    expect(offer["@type"]).toBe("Offer");
    expect(offer.priceSpecification).toEqual([
      { "@type": "PriceSpecification", minPrice: 14000, maxPrice: 18000, priceCurrency: "JMD" },
      { "@type": "PriceSpecification", minPrice: 90, maxPrice: 115, priceCurrency: "USD" },
    ]);
  });
});

describe("the typical price of a quote request", () => {
  /** Sends the quote form without JavaScript; out: the success page's text, the confirmation and the request's id. */
  async function sendQuote(fields: Record<string, string>) {
    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postForm(worker, "/quote", formOf({ ...VALID_QUOTE, email, ...fields }));
    expect(response.status).toBe(303);
    const success = await textOf(await followRedirect(worker, response));
    const confirmation = await waitFor(
      () => worker.mails().find((mail) => mail.to === email && mail.subject.startsWith("Your quote request")),
      "the confirmation",
    );
    const row = await worker.db.prepare("SELECT id FROM quote_requests WHERE email = ?").bind(email).first<{ id: string }>();
    return { success, confirmation, id: row!.id };
  }

  const SENTENCE = "Typical price: J$14,000-18,000. Your exact quote comes within 24 hours.";

  test("the success page, the confirmation e-mail (text and HTML) and the record page's 'Send quote' carry the range", async () => {
    await publish([
      range({ size: "medium", frequency: "bi-weekly" }),
      range({ size: "small", frequency: "one-time", minJmd: 8000, maxJmd: 9000 }),
    ]);
    const quote = await sendQuote({ propertySize: "medium", frequency: "bi-weekly" });
    expect(quote.success).toContain(SENTENCE);
    expect(quote.confirmation.text).toContain(SENTENCE);
    expect(quote.confirmation.html).toContain(SENTENCE);
    const record = await textOf(await worker.fetch(`/admin/quotes/${quote.id}`, { headers: { Cookie: admin.cookie } }));
    expect(record).toContain("Price guide: J$14,000-18,000");

    // No frequency: priced as a one-time cleaning.
    const once = await sendQuote({ propertySize: "small", frequency: "" });
    expect(once.success).toContain("Typical price: J$8,000-9,000.");
    expect(once.confirmation.text).toContain("Typical price: J$8,000-9,000.");
  });

  test("a combination without a range, or no size, says nothing of a price", async () => {
    await publish([range({})]);
    const cases: Array<Record<string, string>> = [{ propertySize: "large" }, { propertySize: "" }, { serviceType: "commercial" }];
    for (const fields of cases) {
      const quote = await sendQuote(fields);
      expect(quote.success).not.toContain("Typical price");
      expect(quote.confirmation.text).not.toContain("Typical price");
      const record = await textOf(await worker.fetch(`/admin/quotes/${quote.id}`, { headers: { Cookie: admin.cookie } }));
      expect(record).not.toContain("Price guide:");
    }
  });

  test("the quote page carries the guide's ranges for the form, and /pricing's cookie-free copy is refreshed by a publish", async () => {
    await publish([range({})]);
    const page = await textOf(await worker.fetch("/quote"));
    expect(page).toContain("minJmd");
    const first = await worker.fetch("/pricing");
    expect(await first.text()).toContain("J$14,000-18,000");
    expect((await worker.fetch("/pricing")).headers.get("X-Cache")).toBe("HIT");
    await publish([range({ minJmd: 15000 })]);
    const refreshed = await worker.fetch("/pricing");
    expect(refreshed.headers.get("X-Cache")).toBe("MISS");
    expect(await refreshed.text()).toContain("J$15,000-18,000");
    expect(cookiesOf(refreshed)).toBe("");
  });
});
