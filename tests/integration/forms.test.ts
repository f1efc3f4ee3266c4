/**
 * Both visitor forms against the production Worker in Miniflare with real D1 and R2:
 * bad input, abuse, post/redirect/get, whole-or-nothing storage and the notification e-mail.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { MAX_PHOTO_BYTES } from "~/domain/limits";
import { fileTooLargeMessage, FORM_GUARD_MESSAGES, MESSAGES } from "~/domain/texts/messages";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { makePng, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { encodeMultipart, followRedirect, newClientIp, postForm, sendUntilRefused, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(["attachments", "quote_requests", "contact_messages"].map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
  const keys = await worker.listKeys();
  if (keys.length) await worker.bucket.delete(keys);
});

function form(fields: Record<string, string>, photos: Array<[Uint8Array<ArrayBuffer>, string]> = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [bytes, name] of photos) data.append("photos", new File([bytes], name, { type: "image/png" }));
  return data;
}

async function stored(target: TestWorker = worker) {
  const count = async (table: string) => (await target.db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return {
    quotes: await count("quote_requests"),
    contacts: await count("contact_messages"),
    attachments: await count("attachments"),
    objects: (await target.listKeys()).length,
  };
}
const NOTHING = { quotes: 0, contacts: 0, attachments: 0, objects: 0 };

async function text(response: Response) {
  return (await response.text())
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
}

describe("contact form", () => {
  test("a message with a photo is stored, the company is e-mailed, and the page says so once", async () => {
    const png = makePng(12, 9);
    const response = await postForm(worker, "/contact", form(VALID_CONTACT, [[png, "deck.png"]]));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact#message");

    const row = await worker.db.prepare("SELECT * FROM contact_messages").first<Record<string, unknown>>();
    expect(row).toMatchObject({
      name: VALID_CONTACT.name,
      email: VALID_CONTACT.email,
      phone: VALID_CONTACT.phone,
      message: VALID_CONTACT.message,
      status: "unread",
    });
    expect(await stored()).toEqual({ quotes: 0, contacts: 1, attachments: 1, objects: 1 });

    const page = await followRedirect(worker, response);
    const shown = await text(page);
    expect(shown).toContain(MESSAGES.contactSuccess);
    // The reference follows the success text, and is the stored one.
    expect(row!.reference).toMatch(/^MB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(shown).toContain(MESSAGES.yourReference(String(row!.reference)));
    expect(page.headers.get("Set-Cookie")).toMatch(/^flash=; Max-Age=0/);
    // A refresh (the cookie is gone) shows the form again, without the message or a resubmission.
    const refreshed = await worker.fetch("/contact");
    expect(await text(refreshed)).not.toContain(MESSAGES.contactSuccess);
    expect(await stored()).toMatchObject({ contacts: 1 });

    const mail = await waitFor(() => worker.mails().find((m) => m.text.includes(String(row!.id))), "the notification");
    expect(mail.to).toBe("bookings@montegobaycleaning.example");
    expect(mail.subject).toBe(`New contact message ${String(row!.reference)} from Devon Reid`);
    expect(mail.text).toContain(`Reference: ${String(row!.reference)}`);
    expect(mail.replyTo).toBe(VALID_CONTACT.email);
    expect(mail.links).toEqual([`${worker.origin}/admin/messages/${row!.id}`]);
    for (const value of [VALID_CONTACT.email, VALID_CONTACT.phone, VALID_CONTACT.message, "Photos: 1"]) expect(mail.text).toContain(value);

    const confirmation = await waitFor(() => worker.mails().find((m) => m.to === VALID_CONTACT.email), "the confirmation");
    expect(confirmation.subject).toBe(`We have your message ${String(row!.reference)} - Montego Bay Cleaning Co.`);
    expect(confirmation.text).toContain(`Your reference: ${String(row!.reference)}`);
    expect(confirmation.text).toContain("Photos: 1");
    // The message itself is not repeated to the address typed in the form.
    expect(confirmation.text).not.toContain(VALID_CONTACT.message);
  });

  test("sent from the home page, it returns to the home page's contact section", async () => {
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, returnTo: "/" }));
    expect(response.headers.get("Location")).toBe("/#contact");
    expect(await text(await followRedirect(worker, response))).toContain(MESSAGES.contactSuccess);
  });

  test.each([
    ["name", "Full name is required."],
    ["email", "Email is required."],
    ["message", "Message is required."],
  ])("a missing %s is refused with 400 and its message, typed values kept", async (field, message) => {
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, [field]: "" }));
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(message);
    for (const [name, value] of Object.entries(VALID_CONTACT)) {
      if (name !== field && name !== "message" && name !== "returnTo") expect(html).toContain(`value="${value}"`);
    }
    if (field !== "message") expect(html).toContain(VALID_CONTACT.message);
    expect(await stored()).toEqual(NOTHING);
  });

  test.each([
    ["an invalid e-mail", { email: "devon@@example" }, "Please enter a valid email address."],
    ["an over-long message", { message: "x".repeat(5001) }, "Message must be at most 5000 characters."],
    ["an over-long name", { name: "x".repeat(101) }, "Full name must be at most 100 characters."],
    ["a phone that is not one", { phone: "ring me" }, "Please enter a valid phone number."],
  ])("%s is refused with its message", async (_case, fields, message) => {
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, ...fields }));
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(message);
    expect(await stored()).toEqual(NOTHING);
  });

  test("the phone is optional", async () => {
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, phone: "" }));
    expect(response.status).toBe(303);
    expect(await worker.db.prepare("SELECT phone FROM contact_messages").first()).toEqual({ phone: null });
  });

  test("six photos, a 6 MB image or a text file named .png are refused with the product's messages", async () => {
    const six = Array.from({ length: 6 }, (_, i): [Uint8Array<ArrayBuffer>, string] => [makePng(), `p${i}.png`]);
    const tooMany = await postForm(worker, "/contact", form(VALID_CONTACT, six));
    expect(tooMany.status).toBe(400);
    expect(await text(tooMany)).toContain("You can attach at most 5 photos.");

    const big = await postForm(worker, "/contact", form(VALID_CONTACT, [[makePng(8, 8, 6 * 1024 * 1024), "big.png"]]));
    expect(big.status).toBe(400);
    expect(await text(big)).toContain(fileTooLargeMessage("big.png"));

    const fake = await postForm(worker, "/contact", form(VALID_CONTACT, [[new TextEncoder().encode("not a picture"), "fake.png"]]));
    expect(fake.status).toBe(400);
    expect(await text(fake)).toContain("File fake.png is not an image.");
    expect(await stored()).toEqual(NOTHING);
  });
});

describe("bad bodies are refused with 400 and store nothing, never a 500", () => {
  const post = (body: BodyInit | null, contentType?: string) =>
    worker.fetch("/contact", {
      method: "POST",
      body,
      redirect: "manual",
      headers: contentType ? { "Content-Type": contentType, Origin: worker.origin } : { Origin: worker.origin },
    });

  test.each([
    ["an empty body", () => post(null, "multipart/form-data; boundary=abc")],
    ["an empty body without a type", () => post("")],
    ["JSON", () => post(JSON.stringify(VALID_CONTACT), "application/json")],
    ["plain text", () => post("name=Devon", "text/plain")],
    ["multipart without a boundary", () => post("--x\r\n", "multipart/form-data")],
    ["garbled multipart", () => post(crypto.getRandomValues(new Uint8Array(4096)), "multipart/form-data; boundary=----x")],
  ])("%s", async (_case, send) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect((await text(response)).includes(MESSAGES.contactFailure)).toBe(true);
    expect(await stored()).toEqual(NOTHING);
  });

  test("a part without a name is ignored; the missing fields are reported", async () => {
    const response = await post(
      "------x\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n------x--\r\n",
      "multipart/form-data; boundary=----x",
    );
    expect(response.status).toBe(400);
    expect((await text(response)).includes("Full name is required.")).toBe(true);
    expect(await stored()).toEqual(NOTHING);
  });

  test("a multipart body cut off in the middle of a photo", async () => {
    const { body, contentType } = await encodeMultipart(form(VALID_CONTACT, [[makePng(64, 64, 200_000), "cut.png"]]));
    const response = await post(body.slice(0, 100_000), contentType);
    expect(response.status).toBe(400);
    expect(await stored()).toEqual(NOTHING);
  });
});

describe("what visitors type is kept exactly", () => {
  test("Unicode, emoji, HTML and SQL look-alikes are stored verbatim and e-mailed as plain text", async () => {
    const fields = {
      ...VALID_QUOTE,
      name: "Zoë 🧽 O'Brien-Campbell",
      address: "<script>alert('x')</script> 12 Gloucester Ave",
      additionalInfo: '\'; DROP TABLE quote_requests; -- and <b>bold</b> & "quotes"',
    };
    const response = await postForm(worker, "/quote", form(fields));
    expect(response.status).toBe(303);
    const row = await worker.db
      .prepare("SELECT id, name, address, additional_info, reference FROM quote_requests")
      .first<Record<string, string>>();
    expect(row).toMatchObject({ name: fields.name, address: fields.address, additional_info: fields.additionalInfo });
    const mail = await waitFor(() => worker.mails().find((m) => m.links[0]?.endsWith(row!.id!)), "the notification");
    expect(mail.subject).toBe(`New quote request ${row!.reference}: Residential Cleaning from Zoë 🧽 O'Brien-Campbell`);
    expect(mail.text).toContain(fields.address);
    expect(mail.text).toContain(fields.additionalInfo);
  });

  test("a value with HTML sent back after an error is escaped in the page", async () => {
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, email: "", name: '"><img src=x onerror=alert(1)>' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<img src=x onerror=alert(1)>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("abuse", () => {
  test("a burst from one client is stopped with 429 after five submissions; nothing extra is stored", async () => {
    const ip = newClientIp();
    // 5 a minute (wrangler.toml, FORM_RATE_LIMITER).
    const { statuses, last } = await sendUntilRefused(5, (i) =>
      postForm(worker, "/contact", form({ ...VALID_CONTACT, message: `Burst ${i}` }), ip),
    );
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses.at(-1)).toBe(429);
    expect(await text(last)).toContain(FORM_GUARD_MESSAGES.rateLimited);
    const accepted = statuses.filter((status) => status === 303).length;
    expect(await stored()).toMatchObject({ contacts: accepted });
    // Another client, and the other form, are not affected.
    expect((await postForm(worker, "/contact", form(VALID_CONTACT))).status).toBe(303);
    expect((await postForm(worker, "/quote", form(VALID_QUOTE), ip)).status).toBe(303);
  });

  test("addresses of one IPv6 /64 are one client: a burst from a new address each time is stopped all the same", async () => {
    // A /64 of its own for this test (clientKey, app/http/rate-limit.server.ts).
    const network = `2001:db8:${(Date.now() % 65536).toString(16)}:${Math.floor(Math.random() * 65536).toString(16)}`;
    const { statuses } = await sendUntilRefused(5, (i) =>
      postForm(worker, "/contact", form({ ...VALID_CONTACT, message: `IPv6 burst ${i}` }), `${network}:${(i + 1).toString(16)}::${i + 7}`),
    );
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses.at(-1)).toBe(429);
    // The next /64 is another client.
    expect((await postForm(worker, "/contact", form(VALID_CONTACT), `2001:db8:ffff:${network.split(":")[3]}::1`)).status).toBe(303);
  });

  test("a filled honeypot is answered like a success and stores nothing", async () => {
    // Its own words, so that the e-mails of earlier tests still in the mail queue do not count.
    const message = `Honeypot ${crypto.randomUUID()} would like a quote`;
    const response = await postForm(worker, "/contact", form({ ...VALID_CONTACT, message, [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(response.status).toBe(303);
    expect(await text(await followRedirect(worker, response))).toContain(MESSAGES.contactSuccess);
    expect(await stored()).toEqual(NOTHING);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(worker.mails().filter((mail) => mail.text.includes(message) || mail.html.includes(message))).toEqual([]);
  });
});

describe("failures never lose a submission silently", () => {
  test("a D1 failure after the photo reached R2 leaves nothing behind and says so", async () => {
    await worker.db.exec(
      "CREATE TRIGGER fail_contact BEFORE INSERT ON attachments BEGIN SELECT RAISE(ABORT, 'simulated D1 failure'); END;",
    );
    try {
      const response = await postForm(worker, "/contact", form(VALID_CONTACT, [[makePng(), "a.png"]]));
      expect(response.status).toBe(503);
      const html = await text(response);
      expect(html).toContain(MESSAGES.contactFailure);
      expect(html).toContain(`value="${VALID_CONTACT.email}"`);
      expect(await stored()).toEqual(NOTHING);
    } finally {
      await worker.db.exec("DROP TRIGGER fail_contact;");
    }
  });
});

describe("configured features", () => {
  test("a mail failure is logged and the visitor still succeeds; the record is kept", async () => {
    const broken = await startWorker({ bindings: { MAIL_TRANSPORT: "cloudflare" } }); // no EMAIL binding
    try {
      const response = await postForm(broken, "/quote", form(VALID_QUOTE));
      expect(response.status).toBe(303);
      expect(await stored(broken)).toMatchObject({ quotes: 1 });
      await waitFor(() => broken.output().find((line) => line.includes("mail_send_failed")), "the logged failure");
    } finally {
      await broken.dispose();
    }
  });

  test("with Turnstile configured, the widget is on the page and a post without a token is refused", async () => {
    const guarded = await startWorker({ bindings: { TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET_KEY: "secret" } });
    try {
      const page = await (await guarded.fetch("/quote")).text();
      expect(page).toContain("challenges.cloudflare.com/turnstile");
      // Without JavaScript the widget cannot run: the form says so and offers phone and e-mail.
      const note = page.match(/<p data-turnstile-no-script[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "";
      expect(note).toContain("needs JavaScript");
      expect(note).toMatch(/href="tel:[^"]+"/);
      expect(note).toMatch(/href="mailto:[^"]+"/);
      const response = await postForm(guarded, "/quote", form(VALID_QUOTE));
      expect(response.status).toBe(400);
      expect(await text(response)).toContain(FORM_GUARD_MESSAGES.turnstileFailed);
      expect(await stored(guarded)).toEqual(NOTHING);
    } finally {
      await guarded.dispose();
    }
  });

  test("Turnstile passes only a token Cloudflare accepted for this site and form; an outage refuses (fail closed)", async () => {
    const checked: Array<Record<string, string>> = [];
    let hostname = "";
    const guarded = await startWorker({
      bindings: { TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET_KEY: "secret" },
      // Cloudflare's siteverify, as documented: success, hostname and action of the token.
      async outbound(request) {
        if (!request.url.startsWith("https://challenges.cloudflare.com/turnstile/v0/siteverify"))
          return new Response("offline", { status: 502 });
        const fields = Object.fromEntries(new URLSearchParams(await request.text()));
        checked.push(fields);
        const answers: Record<string, object> = {
          good: { success: true, hostname, action: "quote" },
          "other-site": { success: true, hostname: "evil.example", action: "quote" },
          "other-form": { success: true, hostname, action: "contact" },
          refused: { success: false, "error-codes": ["invalid-input-response"] },
        };
        const answer = answers[fields.response!];
        return answer ? Response.json(answer) : new Response("<html>maintenance</html>", { status: 503 });
      },
    });
    hostname = new URL(guarded.origin).hostname;
    try {
      const send = (token: string) => postForm(guarded, "/quote", form({ ...VALID_QUOTE, "cf-turnstile-response": token }));
      for (const token of ["other-site", "other-form", "refused"]) {
        const response = await send(token);
        expect(response.status, token).toBe(400);
        const page = await text(response);
        expect(page, token).toContain(FORM_GUARD_MESSAGES.turnstileFailed);
        expect(page, token).toContain(`value="${VALID_QUOTE.address}"`); // typed values kept
      }
      const outage = await send("unreachable");
      expect(outage.status).toBe(503);
      expect(await text(outage)).toContain(FORM_GUARD_MESSAGES.turnstileUnavailable);
      expect(await stored(guarded)).toEqual(NOTHING);
      expect((await send("good")).status).toBe(303);
      expect(await stored(guarded)).toEqual({ ...NOTHING, quotes: 1 });
      expect(checked.at(-1)).toMatchObject({ secret: "secret", response: "good" });
      expect(checked.at(-1)!.remoteip).toMatch(/^10\./);
    } finally {
      await guarded.dispose();
    }
  });

  test("without analytics ids or Turnstile, pages load nothing from another site", async () => {
    for (const path of ["/", "/quote", "/contact"]) {
      const html = await (await worker.fetch(path)).text();
      const loaded = [...html.matchAll(/<(?:script|link|img|source)\b[^>]*\b(?:src|href|srcSet)="([^"]+)"/g)]
        .filter((match) => !/rel="canonical"/.test(match[0]))
        .map((match) => match[1]!);
      expect(loaded.length).toBeGreaterThan(3);
      expect(loaded.filter((url) => !url.startsWith("/"))).toEqual([]);
      expect(/googletagmanager|cloudflareinsights|challenges\.cloudflare\.com/.test(html)).toBe(false);
    }
  });

  test("a GA4 id turns the tag on", async () => {
    const tagged = await startWorker({ bindings: { GA4_MEASUREMENT_ID: "G-TEST1234" } });
    try {
      expect(await (await tagged.fetch("/")).text()).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
    } finally {
      await tagged.dispose();
    }
  });
});

test("a photo of exactly 5 MB is accepted on the contact form", async () => {
  const response = await postForm(worker, "/contact", form(VALID_CONTACT, [[makePng(8, 8, MAX_PHOTO_BYTES), "max.png"]]));
  expect(response.status).toBe(303);
  expect(await stored()).toEqual({ quotes: 0, contacts: 1, attachments: 1, objects: 1 });
});
