import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { MAX_PHOTO_BYTES } from "~/domain/limits";
import { fileNotImageMessage, fileTooLargeMessage, MESSAGES } from "~/domain/texts/messages";
import { makePng, VALID_QUOTE } from "../fixtures";
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from "~/server/uploads";
import { getDb } from "~/server/platform";
import { encodeMultipart, followRedirect, postForm, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch([worker.db.prepare("DELETE FROM attachments"), worker.db.prepare("DELETE FROM quote_requests")]);
  const keys = await worker.listKeys();
  if (keys.length) await worker.bucket.delete(keys);
});

function quoteForm(fields: Record<string, string> = {}, photos: Array<[Uint8Array<ArrayBuffer>, string, string?]> = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_QUOTE, ...fields })) form.append(name, value);
  for (const [bytes, name, type] of photos) form.append("photos", new File([bytes], name, { type: type ?? "image/png" }));
  return form;
}

async function countRows() {
  const quotes = await worker.db.prepare("SELECT count(*) AS n FROM quote_requests").first<{ n: number }>();
  const attachments = await worker.db.prepare("SELECT count(*) AS n FROM attachments").first<{ n: number }>();
  return { quotes: quotes!.n, attachments: attachments!.n, objects: (await worker.listKeys()).length };
}

/** Text of the page with HTML entities decoded, for reading messages. */
async function pageText(response: Response) {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

describe("POST /quote", () => {
  test("stores the request in D1 and its photo in R2, byte for byte", async () => {
    const png = makePng(16, 12);
    const response = await postForm(worker, "/quote", quoteForm({ preferredDate: "2099-01-15" }, [[png, "living room.png"]]));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/quote");
    const page = await followRedirect(worker, response);
    expect(await pageText(page)).toContain(MESSAGES.quoteSuccess);

    const row = await worker.db.prepare("SELECT * FROM quote_requests").first<Record<string, unknown>>();
    expect(row).toMatchObject({
      name: VALID_QUOTE.name,
      email: VALID_QUOTE.email,
      phone: VALID_QUOTE.phone,
      address: VALID_QUOTE.address,
      service_type: "residential",
      property_size: "medium",
      frequency: "bi-weekly",
      preferred_date: "2099-01-15",
      additional_info: VALID_QUOTE.additionalInfo,
      status: "pending",
    });
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);

    const attachment = await worker.db.prepare("SELECT * FROM attachments").first<Record<string, unknown>>();
    expect(attachment).toMatchObject({
      owner_kind: "quote",
      owner_id: row!.id,
      file_name: "living room.png",
      content_type: "image/png",
      size_bytes: png.byteLength,
    });
    const object = await worker.bucket.get(attachment!.r2_key as string);
    expect(object).not.toBeNull();
    expect(Buffer.from(await object!.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    expect(object!.httpMetadata?.contentType).toBe("image/png");

    // The visitor's confirmation: reference, summary, what happens next, how to reach the company.
    const reference = String(row!.reference);
    const mail = await waitFor(() => worker.mails().find((m) => m.to === VALID_QUOTE.email), "the confirmation");
    expect(mail.subject).toBe(`Your quote request ${reference} - Montego Bay Cleaning Co.`);
    expect(mail.replyTo).toBe("hello@montegobaycleaning.example");
    for (const line of [
      `Hello ${VALID_QUOTE.name},`,
      `Your reference: ${reference}`,
      "Service: Residential Cleaning",
      `Property address: ${VALID_QUOTE.address}`,
      "Preferred date: Jan 15, 2099",
      "Photos: 1",
      "within 24 hours",
      "Call us on +1 876-555-0123",
    ]) {
      expect(mail.text).toContain(line);
    }
    // The private status page (the record's token, not its id) and WhatsApp: the only links.
    const statusLink = `${worker.origin}/status/${String(row!.status_token)}`;
    expect(mail.links).toEqual([statusLink, "https://wa.me/18765550123"]);
    expect(mail.text).toContain(statusLink);
    // HTML and text parts; no images, no links but the site's and the company's own.
    expect(mail.html).toContain(reference);
    expect(mail.html).toContain(`href="${statusLink}"`);
    const foreign = new RegExp(
      `<img|<script|https?://(?!wa\\.me/18765550123|${worker.origin.replace(/^https?:\/\//, "").replaceAll(".", "\\.")}/status/)`,
    );
    expect(mail.html).not.toMatch(foreign);
  });

  test("stores a request without photos, optional fields empty", async () => {
    const response = await postForm(worker, "/quote", quoteForm({ propertySize: "", frequency: "", additionalInfo: "" }));
    expect(response.status).toBe(303);
    const row = await worker.db.prepare("SELECT property_size, frequency, preferred_date, additional_info FROM quote_requests").first();
    expect(row).toEqual({ property_size: null, frequency: null, preferred_date: null, additional_info: null });
    expect(await countRows()).toEqual({ quotes: 1, attachments: 0, objects: 0 });
  });

  test("an invalid request is refused with 400, its messages and typed values, and nothing is stored", async () => {
    const response = await postForm(
      worker,
      "/quote",
      quoteForm({ name: "", email: "not-an-email", serviceType: "spaceship", address: "7 Kent Avenue" }, [[makePng(), "fine.png"]]),
    );
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Full name is required.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Please choose a valid service type.");
    expect(html).toContain('value="7 Kent Avenue"');
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain(MESSAGES.quoteSuccess);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test.each([
    ["a missing required field", { phone: "" }, "Phone is required."],
    ["an unknown property size", { propertySize: "mansion" }, "Please choose a valid property size."],
    ["over-long text", { additionalInfo: "x".repeat(2001) }, "at most 2000 characters"],
  ])("%s gets 400 and its message", async (_case, fields, message) => {
    const response = await postForm(worker, "/quote", quoteForm(fields));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(message);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("an empty photo input (what a browser sends with no file chosen) is no photo", async () => {
    const form = quoteForm();
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    const response = await postForm(worker, "/quote", form);
    expect(response.status).toBe(303);
    expect(await countRows()).toEqual({ quotes: 1, attachments: 0, objects: 0 });
  });

  test("more than five photos are refused with a message, and nothing is stored", async () => {
    const photos = Array.from({ length: 6 }, (_, i) => [makePng(), `p${i}.png`] as [Uint8Array<ArrayBuffer>, string]);
    const response = await postForm(worker, "/quote", quoteForm({}, photos));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("You can attach at most 5 photos.");
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("a text field far over every limit is refused, not stored", async () => {
    const response = await postForm(worker, "/quote", quoteForm({ additionalInfo: "x".repeat(70_000) }));
    expect(response.status).toBe(400);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("file names keep Unicode and emoji and are capped at 255 characters", async () => {
    const response = await postForm(
      worker,
      "/quote",
      quoteForm({}, [
        [makePng(), `${"a".repeat(3000)}.png`],
        [makePng(), "cuisine été 🧽.png"],
      ]),
    );
    expect(response.status).toBe(303);
    const names = await worker.db.prepare("SELECT file_name FROM attachments").all<{ file_name: string }>();
    expect(names.results.map((row) => row.file_name).sort()).toEqual(["a".repeat(255), "cuisine été 🧽.png"].sort());
  });

  test("a raw control character in a part header is refused with 400, not stored", async () => {
    const response = await postForm(worker, "/quote", quoteForm({}, [[makePng(), "tab\tand\u0007bell.png"]]));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(MESSAGES.quoteFailure);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("a text file named .png is refused as not an image", async () => {
    const text = new TextEncoder().encode("just some text, honestly");
    const response = await postForm(worker, "/quote", quoteForm({}, [[text, "holiday.png", "image/png"]]));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(fileNotImageMessage("holiday.png"));
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("a photo over 5 MB is refused as too large; exactly 5 MB is accepted", async () => {
    const tooBig = makePng(8, 8, MAX_PHOTO_BYTES + 1);
    const response = await postForm(worker, "/quote", quoteForm({}, [[tooBig, "big.png"]]));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(fileTooLargeMessage("big.png"));
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });

    const justRight = makePng(8, 8, MAX_PHOTO_BYTES);
    expect(justRight.byteLength).toBe(MAX_PHOTO_BYTES);
    const accepted = await postForm(worker, "/quote", quoteForm({}, [[justRight, "max.png"]]));
    expect(accepted.status).toBe(303);
    expect(await countRows()).toEqual({ quotes: 1, attachments: 1, objects: 1 });
  });

  test("a body that is not multipart, or is cut off, gets 400 and stores nothing", async () => {
    const urlEncoded = await worker.fetch("/quote", {
      method: "POST",
      body: new URLSearchParams(VALID_QUOTE).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(urlEncoded.status).toBe(400);

    const { body, contentType } = await encodeMultipart(quoteForm({}, [[makePng(), "cut.png"]]));
    const truncated = await worker.fetch("/quote", {
      method: "POST",
      redirect: "manual",
      body: body.slice(0, body.byteLength - 40),
      headers: { "Content-Type": contentType },
    });
    expect(truncated.status).toBe(400);
    expect(await pageText(truncated)).toContain(MESSAGES.quoteFailure);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });
});

describe("whole or nothing", () => {
  test("when the D1 batch fails after the photos reached R2, nothing remains and the visitor is told", async () => {
    // A real D1 failure: a trigger aborts the attachment insert inside the batch.
    await worker.db.exec(
      "CREATE TRIGGER fail_attachments BEFORE INSERT ON attachments BEGIN SELECT RAISE(ABORT, 'simulated D1 failure'); END;",
    );
    try {
      const response = await postForm(
        worker,
        "/quote",
        quoteForm({}, [
          [makePng(), "a.png"],
          [makePng(4, 4), "b.png"],
        ]),
      );
      expect(response.status).toBe(503);
      const html = await pageText(response);
      expect(html).toContain(MESSAGES.quoteFailure);
      expect(html).toContain(`value="${VALID_QUOTE.address}"`);
      expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
    } finally {
      await worker.db.exec("DROP TRIGGER fail_attachments;");
    }
  });

  test("when D1 cannot even say whether the record was written, the photos stay for the sweep to judge", async () => {
    // Both the batch and the check after it fail: the table is briefly gone.
    await worker.db.exec("ALTER TABLE quote_requests RENAME TO quote_requests_away;");
    try {
      const response = await postForm(worker, "/quote", quoteForm({}, [[makePng(), "a.png"]]));
      expect(response.status).toBe(503);
      expect(await pageText(response)).toContain(MESSAGES.quoteFailure);
      expect((await worker.listKeys()).length).toBe(1);
      await waitFor(() => worker.output().find((line) => line.includes("r2_cleanup_deferred")), "the deferred cleanup log line");
    } finally {
      await worker.db.exec("ALTER TABLE quote_requests_away RENAME TO quote_requests;");
    }
  });
});

describe("the daily sweep of orphan photos", () => {
  const afterGrace = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
  /** Runs the Worker's cron handler as the trigger would, at `scheduledTime`; returns its log line. */
  async function runSweep(scheduledTime: Date) {
    const handler = await worker.mf.getWorker();
    const { outcome } = await handler.scheduled({ scheduledTime, cron: "30 13 * * *" });
    const line = await waitFor(
      () => worker.output().find((text) => text.includes("orphan_uploads_s") && text.includes(scheduledTime.toISOString())),
      "the sweep's log line",
    );
    return { outcome, logged: JSON.parse(line.slice(line.indexOf("{"))) };
  }
  /** Stores a quote request with one photo through the form; returns its R2 key. */
  async function storedPhotoKey() {
    const before = new Set(await worker.listKeys());
    expect((await postForm(worker, "/quote", quoteForm({}, [[makePng(), "kept.png"]]))).status).toBe(303);
    return (await worker.listKeys()).find((key) => !before.has(key))!;
  }

  test("the cron handler deletes photos no attachment row names once they are an hour old, and nothing else", async () => {
    const stored = await storedPhotoKey();
    // What a Worker that stopped between its R2 put and its D1 batch would leave behind.
    const orphan = "quote-requests/00000000-dead-4000-8000-000000000000/00000000-dead-4000-8000-000000000001";
    await worker.bucket.put(orphan, makePng());
    await worker.bucket.put("contact-messages/gone/photo", makePng());
    await worker.bucket.put("unrelated/file.txt", "not ours");

    // Within the grace period (a submission may still be in flight): nothing is touched.
    expect((await runSweep(new Date())).logged).toMatchObject({ event: "orphan_uploads_swept", listed: 3, considered: 0, deleted: 0 });
    expect((await worker.listKeys()).sort()).toEqual([stored, orphan, "contact-messages/gone/photo", "unrelated/file.txt"].sort());

    const { outcome, logged } = await runSweep(afterGrace());
    expect(outcome).toBe("ok");
    expect(logged).toMatchObject({ listed: 3, considered: 3, deleted: 2 });
    expect((await worker.listKeys()).sort()).toEqual([stored, "unrelated/file.txt"].sort());
    expect(await countRows()).toEqual({ quotes: 1, attachments: 1, objects: 2 });
  });

  test("pages through the listing and looks keys up in D1 in chunks: 200 orphans go, the stored photos stay", async () => {
    const kept = [await storedPhotoKey(), await storedPhotoKey(), await storedPhotoKey()];
    const orphans = Array.from({ length: 200 }, () => `quote-requests/${crypto.randomUUID()}/${crypto.randomUUID()}`);
    await Promise.all(orphans.map((key) => worker.bucket.put(key, "x")));

    // 150 a page: two pages, the first looked up in two D1 queries (90 keys at most each).
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const result = await sweepOrphanUploads({ db: getDb({ DB: worker.db }), bucket: worker.bucket, now: afterGrace(), pageSize: 150 });
      expect(result).toEqual({ listed: 203, considered: 203, deleted: 200 });
      // One log line per delete call, one delete call per listing page.
      const lines = log.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toHaveLength(2);
      expect(lines.map((line) => line.count).reduce((a, b) => a + b)).toBe(200);
      expect(lines.every((line) => line.keys.length === 20 && line.keys.every((key: string) => orphans.includes(key)))).toBe(true);
    } finally {
      log.mockRestore();
    }
    expect((await worker.listKeys()).sort()).toEqual(kept.sort());
  });

  test("photos older than the week it looks back over are left alone", async () => {
    await worker.bucket.put("quote-requests/old/photo", "x");
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await sweepOrphanUploads({ db: getDb({ DB: worker.db }), bucket: worker.bucket, now: eightDaysOn })).toEqual({
      listed: 1,
      considered: 0,
      deleted: 0,
    });
    expect(await worker.listKeys()).toEqual(["quote-requests/old/photo"]);
  });

  test("when D1 cannot be read, nothing is deleted and the run fails", async () => {
    const orphan = "quote-requests/ghost/photo";
    await worker.bucket.put(orphan, makePng());
    await worker.db.exec("ALTER TABLE attachments RENAME TO attachments_away;");
    try {
      const { outcome, logged } = await runSweep(afterGrace());
      expect(outcome).toBe("exception");
      expect(logged.event).toBe("orphan_uploads_sweep_failed");
      expect(await worker.listKeys()).toEqual([orphan]);
    } finally {
      await worker.db.exec("ALTER TABLE attachments_away RENAME TO attachments;");
    }
  });
});

describe("origin check", () => {
  test("a cross-origin post is refused with 403 and stores nothing", async () => {
    const { body, contentType } = await encodeMultipart(quoteForm());
    const response = await worker.fetch("/quote", {
      method: "POST",
      body,
      headers: { "Content-Type": contentType, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test.each([
    ["Origin: null", (): Record<string, string> => ({ Origin: "null" })],
    ["the same host on another scheme", () => ({ Origin: worker.origin.replace("http://", "https://") })],
    ["Sec-Fetch-Site: cross-site", () => ({ "Sec-Fetch-Site": "cross-site" })],
  ])("%s is refused with 403", async (_case, headers) => {
    const { body, contentType } = await encodeMultipart(quoteForm());
    const response = await worker.fetch("/quote", {
      method: "POST",
      body,
      headers: { "Content-Type": contentType, ...headers() },
    });
    expect(response.status).toBe(403);
    expect(await countRows()).toEqual({ quotes: 0, attachments: 0, objects: 0 });
  });

  test("a forged X-Forwarded-Host does not break a same-origin post", async () => {
    const { body, contentType } = await encodeMultipart(quoteForm());
    const response = await worker.fetch("/quote", {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "Content-Type": contentType, Origin: worker.origin, "X-Forwarded-Host": "evil.example" },
    });
    expect(response.status).toBe(303);
    expect(await countRows()).toEqual({ quotes: 1, attachments: 0, objects: 0 });
  });
});

describe("pages", () => {
  test("/quote renders the form; unknown paths are the 404 page", async () => {
    const quote = await worker.fetch("/quote?service=airbnb");
    expect(quote.status).toBe(200);
    const html = await quote.text();
    expect(html).toContain("Get Your Free Quote");
    expect(html).toMatch(/<option value="airbnb" selected="">/);

    const missing = await worker.fetch("/no/such/page");
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).toContain("Oops! Page not found");
    expect(text).toContain("Return to Home");
  });
});
