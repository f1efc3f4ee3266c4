/**
 * Closing the loop with the customer, against the production Worker in Miniflare with real
 * D1 and the real mail queue (console transport): the private status page, 'Send quote',
 * 'Send reply', reply templates, and the time to first reply with its monthly figure.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { jamaicaMonthStart } from "~/domain/dates";
import { CUSTOMER_REPLY_MESSAGES } from "~/domain/texts/staff-messages";
import { formOf, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { createAdminSession, newClientIp, postFields, postForm, sendUntilRefused, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["quote_requests", "contact_messages", "status_changes", "customer_replies", "mail_deliveries"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

/** The words of a page as a reader sees them: no tags or comments, entities decoded, spaces collapsed. */
const wordsOf = async (response: Response) =>
  (await textOf(response))
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** Text of a page with the entities React writes decoded. */
const textOf = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

type Mail = ReturnType<TestWorker["mails"]>[number];
const mailTo = (to: string, subjectStart: string) =>
  waitFor(() => worker.mails().find((mail) => mail.to === to && mail.subject.startsWith(subjectStart)), `the mail "${subjectStart}"`);

/** Sends a quote request as a visitor; out: its row and the confirmation e-mail. */
async function newQuoteRequest(fields: Record<string, string> = {}) {
  const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await postForm(worker, "/quote", formOf({ ...VALID_QUOTE, email, ...fields }));
  expect(response.status).toBe(303);
  const row = await worker.db
    .prepare("SELECT id, reference, status_token FROM quote_requests WHERE email = ?")
    .bind(email)
    .first<{ id: string; reference: string; status_token: string }>();
  const confirmation = await mailTo(email, "Your quote request");
  return { ...row!, email, confirmation };
}

const statusLinkOf = (mail: Mail) => mail.links.find((link) => link.includes("/status/"))!;

describe("the private status page", () => {
  test("the confirmation links to it; it shows that request alone, is never cached or indexed, and works without JavaScript", async () => {
    const first = await newQuoteRequest({ additionalInfo: "Gate code 4321" });
    const other = await newQuoteRequest({ serviceType: "airbnb" });
    const link = statusLinkOf(first.confirmation);
    expect(link).toBe(`${worker.origin}/status/${first.status_token}`);
    expect(first.status_token).toMatch(/^[0-9a-f]{32}$/);
    expect(first.confirmation.text).toContain(link);
    expect(first.confirmation.html).toContain(`href="${link}"`);

    const response = await worker.fetch(new URL(link).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    const page = await textOf(response);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page).toContain(`Reference ${first.reference}`);
    expect(page).toContain("We have your request and are preparing your quote.");
    expect(page).toContain("Residential Cleaning");
    // Nothing of the visitor's contact details or text, nothing of another request.
    for (const secret of [first.email, VALID_QUOTE.phone, VALID_QUOTE.address, "Gate code 4321", other.reference, other.email]) {
      expect(page).not.toContain(secret);
    }
    // A second view is rendered again (never served from a cache).
    expect((await worker.fetch(new URL(link).pathname)).headers.get("X-Cache")).toBe("BYPASS");
  });

  test("an unknown, malformed or record-id token is a 404 that says the link does not work", async () => {
    const request = await newQuoteRequest();
    for (const token of ["0".repeat(32), request.id, request.reference.toLowerCase(), "x"]) {
      const response = await worker.fetch(`/status/${token}`);
      expect(response.status).toBe(404);
      expect(await textOf(response)).toContain("This link does not work");
    }
  });

  test("more than 30 views a minute from one client are refused with 429", async () => {
    const request = await newQuoteRequest();
    const ip = newClientIp();
    // 30 a minute (wrangler.toml, STATUS_RATE_LIMITER).
    const { statuses, last } = await sendUntilRefused(30, () =>
      worker.fetch(`/status/${request.status_token}`, { headers: { "CF-Connecting-IP": ip } }),
    );
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await textOf(last)).toContain("Please wait a minute");
  });
});

describe("'Send quote'", () => {
  test("e-mails the quote, records it in the history, moves pending to quoted, and the status page shows it", async () => {
    const request = await newQuoteRequest();
    const page = await textOf(await worker.fetch(`/admin/quotes/${request.id}`, { headers: { Cookie: admin.cookie } }));
    // The form starts from the first quote template, filled in.
    expect(page).toContain(`Hello ${VALID_QUOTE.name},`);
    expect(page).toContain("a quote for Residential Cleaning");

    const response = await postFields(
      worker,
      `/admin/quotes/${request.id}`,
      {
        intent: "quote",
        amountJmd: "J$14,500",
        amountUsd: "92",
        included: "Kitchen, two bathrooms, all floors",
        validDays: "14",
        message: `Hello ${VALID_QUOTE.name},\n\nHere is your quote.`,
      },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(302);

    const mail = await mailTo(request.email, "Your quote MB-");
    expect(mail.subject).toBe(`Your quote ${request.reference} - Montego Bay Cleaning Co.`);
    expect(mail.text).toContain("Price: J$14,500 (US$92)");
    expect(mail.text).toContain("Included:\nKitchen, two bathrooms, all floors");
    expect(mail.text).toMatch(/Valid until: \w{3} \d{2}, \d{4} \(14 days\)/);
    expect(mail.text).toContain(`/status/${request.status_token}`);

    const row = await worker.db.prepare("SELECT status, first_reply_at FROM quote_requests WHERE id = ?").bind(request.id).first();
    expect(row).toMatchObject({ status: "quoted" });
    expect(row!.first_reply_at).toBeTypeOf("number");
    const reply = await worker.db.prepare("SELECT * FROM customer_replies WHERE entity_id = ?").bind(request.id).first();
    expect(reply).toMatchObject({ kind: "quote", amount_jmd: 14500, amount_usd: 92, valid_days: 14, sent_by_user_id: admin.userId });

    const record = await wordsOf(await worker.fetch(`/admin/quotes/${request.id}`, { headers: { Cookie: admin.cookie } }));
    expect(record).toContain("Quote sent");
    expect(record).toContain("J$14,500 (US$92), valid 14 days");
    expect(record).toContain("pending → quoted");
    expect(record).toMatch(/First reply after (under a minute|\d+ (minute|second)s?)/);

    const status = await textOf(await worker.fetch(`/status/${request.status_token}`));
    expect(status).toContain("Your quote is ready.");
    expect(status).toContain("J$14,500");
    expect(status).toContain("Kitchen, two bathrooms, all floors");
    expect(status).toContain("Here is your quote.");
  });

  test("bad amounts and days answer 400 with the field's message and change nothing; a completed request takes no quote", async () => {
    const request = await newQuoteRequest();
    const cases: Array<[Record<string, string>, string]> = [
      [{ amountJmd: "" }, "Amount (JMD) is required."],
      [{ amountJmd: "14.500,00" }, "Amount (JMD) must be a whole number of dollars"],
      [{ amountJmd: "0" }, "Amount (JMD) must be between 1 and 10,000,000."],
      [{ amountUsd: "-5" }, "Amount (USD) must be a whole number of dollars"],
      [{ validDays: "365" }, "Valid for must be a number of days from 1 to 90."],
      [{ message: "   " }, "Message is required."],
    ];
    for (const [fields, message] of cases) {
      const response = await postFields(
        worker,
        `/admin/quotes/${request.id}`,
        { intent: "quote", amountJmd: "14500", validDays: "14", message: "Hello", ...fields },
        { Cookie: admin.cookie },
      );
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await textOf(response)).toContain(message);
    }
    expect(await worker.db.prepare("SELECT count(*) AS n FROM customer_replies").first("n")).toBe(0);
    expect(await worker.db.prepare("SELECT status FROM quote_requests WHERE id = ?").bind(request.id).first("status")).toBe("pending");

    await worker.db.prepare("UPDATE quote_requests SET status = 'completed' WHERE id = ?").bind(request.id).run();
    const closed = await postFields(
      worker,
      `/admin/quotes/${request.id}`,
      { intent: "quote", amountJmd: "14500", validDays: "14", message: "Hello" },
      { Cookie: admin.cookie },
    );
    expect(closed.status).toBe(409);
    expect(await textOf(closed)).toContain(CUSTOMER_REPLY_MESSAGES.quoteNotAllowed);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM mail_deliveries WHERE kind = 'quote'").first("n")).toBe(0);
  });

  test("only admins can send one", async () => {
    const request = await newQuoteRequest();
    const user = await createAdminSession(worker, "user");
    for (const cookie of ["", user.cookie]) {
      const response = await postFields(
        worker,
        `/admin/quotes/${request.id}`,
        { intent: "quote", amountJmd: "14500", validDays: "14", message: "Hello" },
        cookie ? { Cookie: cookie } : {},
      );
      expect([302, 303, 403]).toContain(response.status);
      expect(response.headers.get("Location") ?? "").not.toContain(`/admin/quotes/${request.id}`);
    }
    expect(await worker.db.prepare("SELECT count(*) AS n FROM customer_replies").first("n")).toBe(0);
  });
});

describe("'Send reply' and reply templates", () => {
  test("a reply e-mails the customer, is recorded, and moves an unread message to responded; the status page shows it", async () => {
    const email = `writer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postForm(worker, "/contact", formOf({ ...VALID_CONTACT, email }));
    const message = await worker.db
      .prepare("SELECT id, reference, status_token FROM contact_messages WHERE email = ?")
      .bind(email)
      .first<{ id: string; reference: string; status_token: string }>();
    const page = await textOf(await worker.fetch(`/admin/messages/${message!.id}`, { headers: { Cookie: admin.cookie } }));
    expect(page).toContain(`Hello ${VALID_CONTACT.name},`);

    const response = await postFields(
      worker,
      `/admin/messages/${message!.id}`,
      { intent: "reply", message: "Yes, we clean pool decks too." },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(302);
    const mail = await mailTo(email, "Re: your message");
    expect(mail.text).toContain("Yes, we clean pool decks too.");
    expect(mail.text).toContain(`Your reference: ${message!.reference}`);
    const row = await worker.db.prepare("SELECT status, first_reply_at FROM contact_messages WHERE id = ?").bind(message!.id).first();
    expect(row).toMatchObject({ status: "responded" });
    const audit = await worker.db.prepare("SELECT from_status, to_status FROM status_changes WHERE entity_id = ?").bind(message!.id).all();
    expect(audit.results).toEqual([{ from_status: "unread", to_status: "responded" }]);
    const status = await textOf(await worker.fetch(`/status/${message!.status_token}`));
    expect(status).toContain("We have answered your message.");
    expect(status).toContain("Yes, we clean pool decks too.");
  });

  test("templates are added, edited and deleted on /admin/templates; an unknown placeholder is refused by name", async () => {
    const page = await textOf(await worker.fetch("/admin/templates", { headers: { Cookie: admin.cookie } }));
    expect(page).toContain("Standard quote");
    expect(page).toContain("General reply");

    const refused = await postFields(
      worker,
      "/admin/templates",
      { intent: "save", kind: "reply", name: "Typo", body: "Hello {nmae}" },
      { Cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("Unknown placeholder {nmae}. Use {name}, {reference}, {service}, {company}, {phone}.");

    const added = await postFields(
      worker,
      "/admin/templates",
      { intent: "save", kind: "reply", name: "Pool decks", body: "Hi {name}, about {reference}: yes, pool decks too. {company}" },
      { Cookie: admin.cookie },
    );
    expect(added.status).toBe(302);
    const template = await worker.db.prepare("SELECT id FROM reply_templates WHERE name = 'Pool decks'").first<{ id: string }>();
    const email = `t-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postForm(worker, "/contact", formOf({ ...VALID_CONTACT, email }));
    const message = await worker.db
      .prepare("SELECT id, reference FROM contact_messages WHERE email = ?")
      .bind(email)
      .first<{ id: string; reference: string }>();
    const chosen = await textOf(
      await worker.fetch(`/admin/messages/${message!.id}?template=${template!.id}`, { headers: { Cookie: admin.cookie } }),
    );
    expect(chosen).toContain(`Hi ${VALID_CONTACT.name}, about ${message!.reference}: yes, pool decks too. Montego Bay Cleaning Co.`);

    const edited = await postFields(
      worker,
      "/admin/templates",
      { intent: "save", id: template!.id, kind: "reply", name: "Pool decks", body: "Edited {name}" },
      { Cookie: admin.cookie },
    );
    expect(edited.status).toBe(302);
    expect(await worker.db.prepare("SELECT body FROM reply_templates WHERE id = ?").bind(template!.id).first("body")).toBe("Edited {name}");
    const deleted = await postFields(worker, "/admin/templates", { intent: "delete", id: template!.id }, { Cookie: admin.cookie });
    expect(deleted.status).toBe(302);
    const gone = await postFields(worker, "/admin/templates", { intent: "delete", id: template!.id }, { Cookie: admin.cookie });
    expect(gone.status).toBe(404);
    expect(await textOf(gone)).toContain(CUSTOMER_REPLY_MESSAGES.templateGone);
  });
});

describe("time to first reply", () => {
  test("the dashboard's share counts this month's requests answered within 24 hours, by e-mail or marked by phone", async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const insert = (id: string, createdAt: number, status: string, firstReplyAt: number | null) =>
      worker.db
        .prepare(
          "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token, first_reply_at) VALUES (?, ?, ?, 'N', 'n@example.com', '8765550100', 'A', 'residential', ?, ?, ?, ?)",
        )
        .bind(id, createdAt, createdAt, status, `MB-${id.slice(0, 5).toUpperCase()}`, id.replaceAll("-", ""), firstReplyAt);
    // Both within the last hour, so in this month unless it began less than an hour ago.
    await worker.db.batch([
      insert("a0000000-0000-4000-8000-000000000001", now - 30 * 60_000, "quoted", now - 20 * 60_000), // answered on time
      insert("b0000000-0000-4000-8000-000000000002", now - 40 * 60_000, "pending", null), // not due yet: not counted
    ]);
    const page = await wordsOf(await worker.fetch("/admin/quotes", { headers: { Cookie: admin.cookie } }));
    expect(page).toMatch(/Answered within 24 hours in \w+ \d{4}: 100% \(1 of 1\)/);

    // 'Mark Quoted' on a request that waited 30 hours: answered, but late.
    const late = "c0000000-0000-4000-8000-000000000003";
    await insert(late, now - 30 * hour, "pending", null).run();
    const marked = await postFields(worker, "/admin/quotes", { id: late, to: "quoted" }, { Cookie: admin.cookie });
    expect(marked.status).toBe(302);
    const record = await wordsOf(await worker.fetch(`/admin/quotes/${late}`, { headers: { Cookie: admin.cookie } }));
    expect(record).toContain("First reply after 1 day 6 hours (later than 24 hours)");
    // Counted in this month's figure when it arrived this month (Jamaica), as on every day but the 1st.
    if (now - 30 * hour >= jamaicaMonthStart(new Date(now))) {
      const after = await wordsOf(await worker.fetch("/admin/quotes", { headers: { Cookie: admin.cookie } }));
      expect(after).toMatch(/Answered within 24 hours in \w+ \d{4}: 50% \(1 of 2\)/);
    }
  });
});
