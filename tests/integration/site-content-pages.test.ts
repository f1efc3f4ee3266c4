/**
 * The site content as visitors get it (docs/product.md §13), against the production Worker in
 * Miniflare with real D1 and the real Cache API: a new revision of a section (written here as
 * a publish writes it: the row and the content version's bump in one batch) reaches the next
 * anonymous request of every page, the structured data and the e-mails; a hidden service's
 * page answers 404 and leaves every list; markup typed into any field is text everywhere; and a
 * section whose stored body fails its schema falls back to the starting content.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import type { ContentSection } from "~/domain/enumerations";
import type { SiteContent } from "~/domain/site-content";
import { formOf, VALID_CONTACT } from "../fixtures";
import { postForm, startWorker, syncEdgeVersion, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** Publishes `body` as `section`'s live content, as app/server/site/content.server.ts `publishSection` does (row and bump in one batch). */
async function publish<S extends ContentSection>(section: S, body: SiteContent[S] | string) {
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO site_content_revisions (section, body, action, created_at) VALUES (?, ?, 'publish', ?)")
      .bind(section, typeof body === "string" ? body : JSON.stringify(body), Date.now()),
    worker.db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
  ]);
  await syncEdgeVersion(worker);
}

/** An anonymous visitor's GET. */
async function visit(path: string) {
  const response = await worker.fetch(path);
  return { status: response.status, cache: response.headers.get("X-Cache"), html: await response.text() };
}

/** The page's JSON-LD scripts, parsed. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, json]) => JSON.parse(json!));
}

const PUBLIC_PAGES = ["/", "/services", "/about", "/contact", "/gallery", "/faq", "/quote", "/services/residential"];

describe("site content on the public pages", () => {
  test("a new phone number is on every page, in the structured data and in the next e-mail; cached pages follow at once", async () => {
    for (const path of PUBLIC_PAGES) await visit(path);
    expect((await visit("/")).cache).toBe("HIT");

    // Stored in E.164, shown as people read it.
    const phone = "+1 876-555-0199";
    await publish("business", { ...STARTING_CONTENT.business, phone: "+18765550199" });
    for (const path of PUBLIC_PAGES) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain(phone);
      expect(page.html, path).toContain('href="tel:+18765550199"');
      expect(page.html, path).not.toContain("+1 876-555-0123");
      const business = jsonLdOf(page.html).find((entry) => entry["@type"] === "HouseCleaning" && "telephone" in entry);
      expect(business?.telephone, path).toBe(phone);
    }

    const sent = await postForm(worker, "/contact", formOf({ ...VALID_CONTACT, email: "phone-check@example.com" }));
    expect(sent.status).toBe(303);
    const confirmation = await waitFor(
      () => worker.mails().find((mail) => mail.to === "phone-check@example.com"),
      "the contact message's confirmation",
    );
    expect(confirmation.text).toContain(phone);

    // Business facts stored before the phone was kept in E.164 read as the number in them.
    await publish("business", STARTING_CONTENT.business);
    expect((await visit("/contact")).html).toContain("+1 876-555-0123");
    await publish("business", { ...STARTING_CONTENT.business, phone: "+1 876 555 0177 <script>x</script>" });
    const contact = await visit("/contact");
    expect(contact.html).toContain("+1 876-555-0177");
    expect(contact.html).toContain('href="tel:+18765550177"');
    expect(contact.html).not.toContain("&lt;script&gt;x");
  });

  test("a hidden service's page answers 404 and it leaves the lists, the sitemap and the structured data; shown again, it is back", async () => {
    const services = STARTING_CONTENT.services.map((service) => (service.slug === "strata" ? { ...service, shown: false } : service));
    await publish("services", services);
    expect((await visit("/services/strata")).status).toBe(404);
    for (const path of ["/", "/services", "/services/residential"]) {
      const page = await visit(path);
      expect(page.html, path).not.toContain('href="/services/strata"');
      expect(page.html, path).not.toContain("Strata Cleaning</");
    }
    expect((await visit("/sitemap.xml")).html).not.toContain("/services/strata");
    const catalog = jsonLdOf((await visit("/")).html).find((entry) => "hasOfferCatalog" in entry)?.hasOfferCatalog as {
      itemListElement: unknown[];
    };
    expect(catalog.itemListElement).toHaveLength(5);

    await publish("services", STARTING_CONTENT.services);
    expect((await visit("/services/strata")).status).toBe(200);
    expect((await visit("/sitemap.xml")).html).toContain("/services/strata");
  });

  test("markup typed into any field is shown as text on every page and stays inside the JSON-LD", async () => {
    const markup = `<script>alert("owned")</script><img src=x onerror=alert(1)>`;
    await publish("business", {
      ...STARTING_CONTENT.business,
      heroHeading: `Clean ${markup}`,
      serviceAreas: ["Montego Bay", "Rose Hall <b>"],
      serviceAreasNote: `and more ${markup}`,
      story: [`Our story ${markup}`],
      stats: { ...STARTING_CONTENT.business.stats, homeTrustedBy: "50+ <b>" },
      hours: STARTING_CONTENT.business.hours.map((day) => (day.opens ? day : { ...day, note: "<i>Call us</i>" })),
    });
    await publish(
      "services",
      STARTING_CONTENT.services.map((service) => ({ ...service, title: `${service.title} <i>`, intro: `${service.intro} ${markup}` })),
    );
    await publish(
      "faqs",
      STARTING_CONTENT.faqs.map((faq) => ({ ...faq, question: `${faq.question} ${markup}`, answer: `${faq.answer}\n\n- ${markup}` })),
    );
    for (const path of [...PUBLIC_PAGES, "/services/strata"]) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toContain("<script>alert");
      expect(page.html, path).not.toContain("<img src=x");
      expect(page.html, path).not.toContain("<b>");
      expect(page.html, path).not.toContain("<i>Call");
      // The JSON-LD still parses, so no value closed its script element.
      expect(() => jsonLdOf(page.html), path).not.toThrow();
    }
    const home = (await visit("/")).html;
    expect(home).toContain("Clean &lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
    expect(home).toContain('"name":"Residential Deep Cleaning \\u003ci>"');
    expect(home).toContain("Residential Deep Cleaning &lt;i&gt;");
    expect((await visit("/services/strata")).html).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
    expect(home).toContain("&lt;i&gt;Call us&lt;/i&gt;");
    const faq = jsonLdOf((await visit("/faq")).html).find((entry) => entry["@type"] === "FAQPage") as {
      mainEntity: Array<{ name: string }>;
    };
    expect(faq.mainEntity[0]?.name).toContain(markup);

    for (const section of ["business", "services", "faqs"] as const) await publish(section, STARTING_CONTENT[section]);
  });

  test("a stored section that fails its schema (a hand edit of D1) reads as the starting content; the pages still answer", async () => {
    await publish("faqs", JSON.stringify([{ id: "not an anchor", question: "", answer: 3 }]));
    const page = await visit("/faq");
    expect(page.status).toBe(200);
    expect(page.html).toContain(STARTING_CONTENT.faqs[0]!.question);
    expect(worker.output().join("\n")).toContain("site_content_invalid");
    await publish("faqs", STARTING_CONTENT.faqs);
  });
});
