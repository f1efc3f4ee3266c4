/**
 * The privacy notice (docs/product.md §2 "Privacy notice"), against the production Worker in
 * Miniflare with real D1 and the real Cache API: /privacy answers a cacheable HTML page with its
 * headings and the business's e-mail and phone as the business facts give them (the footer's),
 * every period of the retention job (contact messages' included), IP addresses and cookies; the
 * periods are the owner's, read in the public content's one D1 batch, and a save on
 * /admin/retention reaches the next anonymous GET (the content version moves); every public form
 * (contact on the home page and /contact, quote, booking, review, an invoice's 'Pay by card', the
 * status page's cancel, skip, pause and resume) carries the line with the notice's link right
 * after its submit button, inside the form; the footer links the notice; the sitemap lists it.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { MAIL_BODY_DAYS, RETENTION_DEFAULTS } from "~/domain/retention";
import { PRIVACY_LINK_MESSAGES } from "~/domain/texts/messages";
import { PRIVACY_NOTICE } from "~/domain/texts/privacy-notice";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import { PUBLIC_PAGE } from "~/cache-control";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, followRedirect, postFields, startWorker, syncEdgeVersion, type TestWorker } from "./worker";

let worker: TestWorker;
const BOOKING_TOKEN = "b".repeat(32);
const REVIEW_TOKEN = "v".repeat(32);
/** A weekly request booked from its status link: its page has cancel, skip and pause. */
const SERIES_TOKEN = "c".repeat(32);
/** An issued invoice owing J$18,000, which card payments (configured below) may pay. */
const INVOICE_TOKEN = "d".repeat(32);

/** The Set-Cookie headers a visitor got for booking (beforeAll). */
let bookingCookies: string[] = [];

/** A day the default availability settings let a customer book: Monday to Friday, 2 to 5 days ahead (4 days in a row hold two weekdays). */
const BOOKABLE_DAY = [2, 3, 4, 5]
  .map((ahead) => plusDays(todayInJamaica(), ahead))
  .find((day) => new Date(`${day}T12:00:00Z`).getUTCDay() % 6 !== 0)!;

beforeAll(async () => {
  // Card payments on (a valid configuration; the provider is never called: nothing is paid here).
  worker = await startWorker({
    bindings: {
      WIPAY_ACCOUNT_NUMBER: "1234567890",
      WIPAY_API_KEY: "privacy-test-key",
      WIPAY_ENVIRONMENT: "sandbox",
      WIPAY_BASE_URL: "https://jm.wipayfinancial.com",
    },
  });
  await seedQuotedRequest(worker, 1, { token: BOOKING_TOKEN });
  await seedQuotedRequest(worker, 3, { token: SERIES_TOKEN, frequency: "weekly" });
  const booked = await postFields(worker, `/status/${SERIES_TOKEN}/book`, {
    day: BOOKABLE_DAY,
    windowStart: "09:00",
    repeat: "weekly",
  });
  expect(booked.status).toBe(302);
  bookingCookies = booked.headers.getSetCookie();
  await booked.body?.cancel();
  const invoice = crypto.randomUUID();
  const customer = crypto.randomUUID();
  const at = Date.now();
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, ?, ?, 'Card Payer', 'payer@example.com')")
      .bind(customer, at, at),
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, customer_id, bill_to_name, bill_to_email, due_date, tax_rate_bp,
           subtotal_cents, discount_cents, tax_cents, total_cents, created_at, updated_at)
         VALUES (?, 'invoice', 'draft', 'visit', ?, 'Card Payer', 'payer@example.com', '2026-12-31', 0, 1800000, 0, 0, 1800000, ?, ?)`,
      )
      .bind(invoice, customer, at, at),
    worker.db
      .prepare(
        "INSERT INTO invoice_lines (id, invoice_id, position, description, quantity, unit_cents, amount_cents) VALUES (?, ?, 1, 'Deep clean', 1, 1800000, 1800000)",
      )
      .bind(crypto.randomUUID(), invoice),
    worker.db
      .prepare(
        "UPDATE invoices SET status = 'issued', series = 'TST-2026', seq = 1, number = 'TST-2026-1', issue_date = '2026-11-20', token = ?, issued_at = ?, updated_at = ? WHERE id = ?",
      )
      .bind(INVOICE_TOKEN, at, at, invoice),
  ]);
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

/** The page's forms. */
const formsOf = (html: string) => [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map(([form]) => form);

/**
 * The forms of a page whose submit button is followed, inside the same form, by the privacy line
 * with its link; `words`: the line's words before the link (the visitor forms' by default).
 */
function formsWithPrivacyLine(html: string, words: string = PRIVACY_LINK_MESSAGES.formLine): string[] {
  return formsOf(html).filter((form) => {
    const submit = form.search(/<button [^>]*type="submit"/);
    const line = form.match(/<p data-privacy-line=""[^>]*>([\s\S]*?)<\/p>/);
    if (submit < 0 || !line || line.index! < submit) return false;
    const link = line[1]!.match(/<a [^>]*href="\/privacy"[^>]*>([^<]*)<\/a>/);
    return textOf(line[1]!) === `${words} ${PRIVACY_LINK_MESSAGES.formLink}` && link?.[1] === PRIVACY_LINK_MESSAGES.formLink;
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
      ...PRIVACY_NOTICE.sections(RETENTION_DEFAULTS).map((section) => section.heading),
      PRIVACY_NOTICE.contactHeading,
      PRIVACY_NOTICE.complaintHeading,
    ]);
    expect(headings).toEqual([
      "What we keep",
      "Why we keep it",
      "How long we keep it",
      "Who sees it",
      "Cookies and addresses",
      "Your rights",
      "How to use your rights",
      "Complaints",
    ]);
    expect(page.html).toContain(`<time dateTime="${PRIVACY_NOTICE.updated}">Last updated: `);
    const text = textOf(page.html);
    for (const words of [
      "Data Protection Act, 2020",
      "1 December 2023",
      "Photos of a job: deleted 12 months after the request is closed.",
      "A request that never became a job, and a message sent with our contact form: your name, contact details, address, message and photos are removed 24 months after we last worked on it.",
      `The text of the e-mails we send you: deleted after ${MAIL_BODY_DAYS} days.`,
      "6 years, as Tax Administration Jamaica requires",
      "Every day, our system removes what has passed these periods.",
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

  test("says what IP addresses are used for and which cookies the site sets, as the site does", async () => {
    const page = await visit("/privacy");
    const cookies = page.html.match(/<section aria-labelledby="privacy-cookies"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(cookies).toMatch(/<h2 id="privacy-cookies"[^>]*>Cookies and addresses<\/h2>/);
    const text = textOf(cookies);
    for (const words of [
      "internet (IP) address",
      "We do not store it with your details.",
      "limit how many forms and page views can come from one address in a minute",
      "Cloudflare Turnstile",
      "a cookie carries the confirmation to the next page",
      "lasts 60 seconds",
      "Our staff get cookies that keep them signed in (30 days",
      "We set no advertising or tracking cookies.",
    ]) {
      expect(text, words).toContain(words);
    }
    // True of the site: the notice itself sets no cookie; a visitor's booking gets one cookie of 60 seconds.
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(bookingCookies).toHaveLength(1);
    expect(bookingCookies[0]).toMatch(/^notice=[^;]*;.*Max-Age=60;.*HttpOnly/);
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

  test("an invoice's 'Pay by card' form has the line saying the card details go to the payment company, not to us", async () => {
    const page = await visit(`/invoice/${INVOICE_TOKEN}`);
    expect(page.status).toBe(200);
    const forms = formsWithPrivacyLine(page.html, PRIVACY_LINK_MESSAGES.cardLine);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toContain(`action="/invoice/${INVOICE_TOKEN}/pay"`);
    expect(textOf(forms[0]!)).toContain("Pay J$18,000.00 by card");
    expect(PRIVACY_LINK_MESSAGES.cardLine).toContain("not to us");
  });

  test("the status page's forms (cancel, skip, pause, then resume) each have the line beside their submit button", async () => {
    const page = await visit(`/status/${SERIES_TOKEN}`);
    expect(page.status).toBe(200);
    const intents = (html: string) => formsOf(html).map((form) => form.match(/name="intent" value="(\w+)"/)?.[1]);
    expect(new Set(intents(page.html))).toEqual(new Set(["cancel", "skip", "pause"]));
    expect(formsWithPrivacyLine(page.html, PRIVACY_LINK_MESSAGES.statusLine)).toHaveLength(formsOf(page.html).length);

    const paused = await postFields(worker, `/status/${SERIES_TOKEN}`, { intent: "pause" });
    expect(paused.status).toBe(302);
    const after = (await (await followRedirect(worker, paused)).text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    expect(intents(after)).toContain("resume");
    expect(formsWithPrivacyLine(after, PRIVACY_LINK_MESSAGES.statusLine)).toHaveLength(formsOf(after).length);
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

describe("the owner's periods", () => {
  /** The Server-Timing figures of a response: cache status, D1 queries and round trips. */
  const timingOf = (response: Response) => {
    const match = /cache;desc="(\w+)", d1;desc="(\d+) quer(?:y|ies), (\d+) round trips?"/.exec(response.headers.get("Server-Timing") ?? "");
    expect(match, "Server-Timing").not.toBeNull();
    return { cache: match![1], d1: Number(match![2]), roundTrips: Number(match![3]) };
  };

  test("after the owner saves 6 and 36 months on /admin/retention, the next anonymous GET of /privacy shows them (one D1 round trip)", async () => {
    // A copy in the edge cache, at the defaults.
    await visit("/privacy");
    expect(timingOf(await worker.fetch("/privacy")).cache).toBe("HIT");
    const admin = await createAdminSession(worker);
    const saved = await postFields(worker, "/admin/retention", { photoMonths: "6", neverBookedMonths: "36" }, { Cookie: admin.cookie });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(RETENTION_MESSAGES.saved);

    const fresh = await worker.fetch("/privacy");
    const timing = timingOf(fresh);
    expect(timing.cache).not.toBe("HIT");
    expect(timing.roundTrips).toBeLessThanOrEqual(1);
    const text = textOf((await fresh.text()).replaceAll("&#x27;", "'"));
    expect(text).toContain("Photos of a job: deleted 6 months after the request is closed.");
    expect(text).toContain(
      "and a message sent with our contact form: your name, contact details, address, message and photos are removed 36 months after",
    );
    expect(text).not.toContain("12 months");
    expect(text).not.toContain("24 months");
    // Cached again, at the new version.
    expect(timingOf(await worker.fetch("/privacy")).cache).toBe("HIT");
    expect(textOf(await (await worker.fetch("/privacy")).text())).toContain("deleted 6 months after");

    // One month reads as such.
    const one = await postFields(worker, "/admin/retention", { photoMonths: "1", neverBookedMonths: "24" }, { Cookie: admin.cookie });
    expect(one.status).toBe(200);
    await one.body?.cancel();
    expect(textOf((await visit("/privacy")).html)).toContain("Photos of a job: deleted 1 month after the request is closed.");
    await worker.db.prepare("UPDATE retention_settings SET photo_months = 12, never_booked_months = 24").run();
  });
});
