/**
 * The privacy notice (docs/product.md §2 "Privacy notice"), against the production Worker in
 * Miniflare with real D1 and the real Cache API: /privacy answers a cacheable HTML page with its
 * headings and the business's e-mail and phone as the business facts give them (the footer's);
 * every public form (contact on the home page and /contact, quote, booking, review) carries the
 * line with the notice's link right after its submit button, inside the form; the footer links
 * the notice; the sitemap lists it.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { PRIVACY_LINK_MESSAGES, PRIVACY_NOTICE } from "~/domain/texts/messages";
import { PUBLIC_PAGE } from "~/cache-control";
import { seedQuotedRequest } from "./booking-seed";
import { startWorker, syncEdgeVersion, type TestWorker } from "./worker";

let worker: TestWorker;
const BOOKING_TOKEN = "b".repeat(32);
const REVIEW_TOKEN = "v".repeat(32);

beforeAll(async () => {
  worker = await startWorker();
  await seedQuotedRequest(worker, 1, { token: BOOKING_TOKEN });
  // Another request's done visit, with an open review link (sent, unused, unexpired).
  const request = await seedQuotedRequest(worker, 2);
  const now = Date.now();
  const visit = crypto.randomUUID();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', '2026-11-20', '09:00', '11:00', 'done', '2 Gloucester Avenue', 'residential', 14500, ?, ?)",
      )
      .bind(visit, request, now, now),
    worker.db
      .prepare(
        "INSERT INTO review_requests (id, visit_id, token_hash, send_after, sent_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), visit, createHash("sha256").update(REVIEW_TOKEN).digest("hex"), now, now, now + 30 * 86_400_000, now),
  ]);
}, 60_000);
afterAll(() => worker?.dispose());

/** An anonymous GET's status, headers and HTML (entities of quotes and ampersands read back). */
async function visit(path: string) {
  const response = await worker.fetch(path);
  const html = (await response.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  return { status: response.status, headers: response.headers, html };
}

/** The text of an HTML fragment: tags and React's text separators dropped, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The `href` and text of the first `<a>` of `html` whose href starts with `scheme`. */
function linkOf(html: string, scheme: string): { href: string; text: string } {
  const match = html.match(new RegExp(`<a [^>]*href="(${scheme}[^"]*)"[^>]*>([^<]*)</a>`));
  expect(match, `a ${scheme} link`).not.toBeNull();
  return { href: match![1]!, text: match![2]! };
}

/** The page's `<footer>…</footer>`. */
const footerOf = (html: string) => html.match(/<footer\b[\s\S]*?<\/footer>/)?.[0] ?? "";

/** The forms of a page whose submit button is followed, inside the same form, by the privacy line with its link. */
function formsWithPrivacyLine(html: string): string[] {
  const forms = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map(([form]) => form);
  return forms.filter((form) => {
    const submit = form.search(/<button [^>]*type="submit"/);
    const line = form.match(/<p data-privacy-line=""[^>]*>([\s\S]*?)<\/p>/);
    if (submit < 0 || !line || line.index! < submit) return false;
    const link = line[1]!.match(/<a [^>]*href="\/privacy"[^>]*>([^<]*)<\/a>/);
    return (
      textOf(line[1]!) === `${PRIVACY_LINK_MESSAGES.formLine} ${PRIVACY_LINK_MESSAGES.formLink}` &&
      link?.[1] === PRIVACY_LINK_MESSAGES.formLink
    );
  });
}

describe("/privacy", () => {
  test("answers 200 HTML, cacheable like every public page, with its headings, its date and the rights under the Data Protection Act", async () => {
    const page = await visit("/privacy");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(page.headers.get("Cache-Control")).toBe(PUBLIC_PAGE);
    expect((await worker.fetch("/privacy")).headers.get("X-Cache")).toBe("HIT");
    expect(page.html).toMatch(new RegExp(`<h1[^>]*>${PRIVACY_NOTICE.title}</h1>`));
    const headings = [...page.html.matchAll(/<h2 id="privacy-[^"]+"[^>]*>([^<]*)<\/h2>/g)].map(([, text]) => text);
    expect(headings).toEqual([
      ...PRIVACY_NOTICE.sections.map((section) => section.heading),
      PRIVACY_NOTICE.contactHeading,
      PRIVACY_NOTICE.complaintHeading,
    ]);
    expect(headings).toEqual([
      "What we keep",
      "Why we keep it",
      "How long we keep it",
      "Who sees it",
      "Your rights",
      "How to use your rights",
      "Complaints",
    ]);
    expect(page.html).toContain(`<time dateTime="${PRIVACY_NOTICE.updated}">Last updated: `);
    const text = textOf(page.html);
    for (const words of [
      "Data Protection Act, 2020",
      "1 December 2023",
      "12 months after the request is closed",
      "24 months",
      "90 days",
      "6 years, as Tax Administration Jamaica requires",
      "These are our default periods",
      "We never sell your details. We use no advertising trackers.",
      "Office of the Information Commissioner, Jamaica",
      `${STARTING_CONTENT.business.email}`,
    ]) {
      expect(text, words).toContain(words);
    }
    // A page of text: no form, and nothing in it needs a script.
    expect(page.html).not.toMatch(/<form\b/);
  });

  test("its contacts are the business facts' e-mail and phone, as the footer shows them, and follow a change of them", async () => {
    const contactOf = (html: string) => html.match(/<section [^>]*data-privacy-contact=""[\s\S]*?<\/section>/)?.[0] ?? "";
    for (const business of [
      STARTING_CONTENT.business,
      { ...STARTING_CONTENT.business, email: "privacy-desk@example.com", phone: "+18765550166" },
    ]) {
      if (business !== STARTING_CONTENT.business) {
        await worker.db.batch([
          worker.db
            .prepare("INSERT INTO site_content_revisions (section, body, action, created_at) VALUES ('business', ?, 'publish', ?)")
            .bind(JSON.stringify(business), Date.now()),
          worker.db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
        ]);
        await syncEdgeVersion(worker);
      }
      const { html } = await visit("/privacy");
      const contact = contactOf(html);
      const footer = footerOf(html);
      expect(linkOf(contact, "mailto:")).toEqual({ href: `mailto:${business.email}`, text: business.email });
      expect(linkOf(contact, "mailto:")).toEqual(linkOf(footer, "mailto:"));
      expect(linkOf(contact, "tel:")).toEqual(linkOf(footer, "tel:"));
      expect(linkOf(contact, "tel:").href).toBe(`tel:${business.phone.replace(/[^+\d]/g, "")}`);
    }
    expect(textOf(contactOf((await visit("/privacy")).html))).toContain("privacy-desk@example.com");
  });
});

describe("the notice's links", () => {
  test("every public form has the line with the notice's link beside its submit button", async () => {
    for (const path of ["/", "/contact", "/quote", `/status/${BOOKING_TOKEN}/book`, `/review/${REVIEW_TOKEN}`]) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(formsWithPrivacyLine(page.html), path).toHaveLength(1);
    }
  });

  test("the footer links the notice, on the home page and on the notice itself", async () => {
    for (const path of ["/", "/privacy"]) {
      const footer = footerOf((await visit(path)).html);
      expect(footer, path).toMatch(new RegExp(`<a [^>]*href="/privacy"[^>]*>${PRIVACY_LINK_MESSAGES.footerLink}</a>`));
    }
  });

  test("the sitemap lists /privacy", async () => {
    const { html: xml } = await visit("/sitemap.xml");
    expect(xml).toContain(`<loc>${worker.origin}/privacy</loc>`);
  });
});
