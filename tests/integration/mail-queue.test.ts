/**
 * The mail queue (app/server/mail/queue.server.ts) in Miniflare: the Worker is the producer
 * and the consumer of a real local queue and its dead-letter queue, with real D1. The mail
 * transport is Cloudflare Email Service's binding (`EMAIL`), here a stand-in Worker that
 * refuses the first tries of each message (tests/integration/worker.ts `mailService`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { MESSAGES } from "~/domain/texts/messages";
import type { MailQueueMessage } from "~/server/mail";
import { formOf, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { createAdminSession, followRedirect, postFields, postForm, startWorker, waitFor, type TestWorker } from "./worker";

interface DeliveryRow {
  id: string;
  kind: string;
  entity: string | null;
  entity_id: string | null;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const deliveries = (worker: TestWorker) =>
  worker.db
    .prepare("SELECT * FROM mail_deliveries ORDER BY kind, created_at")
    .all<DeliveryRow>()
    .then((result) => result.results);

/** Waits until every outbox row has left the queue (sent or failed) and returns them. */
async function settled(worker: TestWorker, count: number, what: string): Promise<DeliveryRow[]> {
  return waitFor(
    async () => {
      const rows = await deliveries(worker);
      return rows.length === count && rows.every((row) => row.status === "sent" || row.status === "failed") ? rows : undefined;
    },
    what,
    30_000,
  );
}

describe("a transport that fails twice, then succeeds", () => {
  let worker: TestWorker;
  beforeAll(async () => {
    worker = await startWorker({ mailService: { failures: 2 } });
  });
  afterAll(() => worker?.dispose());

  test("delivers each e-mail of a contact message exactly once, on the third try, and the visitor never waits for it", async () => {
    const response = await postForm(worker, "/contact", formOf(VALID_CONTACT));
    expect(response.status).toBe(303);
    expect(await (await followRedirect(worker, response)).text()).toContain(MESSAGES.contactSuccess.slice(0, 20));

    const rows = await settled(worker, 2, "both e-mails sent");
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ["confirmation", "sent", 3],
      ["notification", "sent", 3],
    ]);
    for (const row of rows) {
      expect(worker.deliveredMails().filter((mail) => mail.subject === row.subject)).toHaveLength(1);
      const failures = worker.output().filter((line) => line.includes('"mail_send_failed"') && line.includes(row.id));
      expect(failures).toHaveLength(2);
    }
    const confirmation = worker.deliveredMails().find((mail) => mail.to === VALID_CONTACT.email)!;
    expect(confirmation.from).toBe("bookings@montegobaycleaning.example");
    expect(confirmation.text).toContain("Your reference: MB-");
    expect(confirmation.html).toContain("<!DOCTYPE html>");
  });
});

describe("a transport that fails every try", () => {
  let worker: TestWorker;
  beforeAll(async () => {
    // wrangler.toml: max_retries = 5, so a message is tried 6 times before the dead-letter
    // queue; the stand-in accepts from the 7th try on, which only 'Resend' reaches.
    worker = await startWorker({ mailService: { failures: 6 } });
  });
  afterAll(() => worker?.dispose());

  test("ends in the dead-letter state, shown as 'Not delivered' on the record; 'Resend' then sends it once", async () => {
    const response = await postForm(worker, "/quote", formOf({ ...VALID_QUOTE }));
    expect(response.status).toBe(303);
    const request = await worker.db.prepare("SELECT id, reference FROM quote_requests").first<{ id: string; reference: string }>();
    expect(request).not.toBeNull();

    const rows = await settled(worker, 2, "both e-mails given up");
    expect(rows.every((row) => row.status === "failed" && row.attempts === 6)).toBe(true);
    expect(rows.every((row) => row.last_error?.includes("Email Service unavailable"))).toBe(true);
    expect(worker.deliveredMails()).toHaveLength(0);
    expect(worker.output().filter((line) => line.includes('"mail_not_delivered"'))).toHaveLength(2);

    const admin = await createAdminSession(worker);
    const page = await (await worker.fetch(`/admin/quotes/${request!.id}`, { headers: { Cookie: admin.cookie } })).text();
    const mailList = page.slice(page.indexOf('data-testid="mails"'));
    expect(mailList.match(/data-mail-status="failed"/g)).toHaveLength(2);
    expect(mailList).toContain("Not delivered");
    expect(mailList.match(/>Resend</g)).toHaveLength(2);

    const confirmation = rows.find((row) => row.kind === "confirmation")!;
    const resent = await postFields(
      worker,
      `/admin/quotes/${request!.id}`,
      { intent: "resend", mail: confirmation.id },
      { Cookie: admin.cookie },
    );
    expect(resent.status).toBe(302);
    await waitFor(() => (worker.deliveredMails().length === 1 ? true : undefined), "the resent confirmation", 30_000);
    const after = await settled(worker, 2, "the resent mail sent");
    expect(after.find((row) => row.id === confirmation.id)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(worker.deliveredMails()[0]).toMatchObject({ to: VALID_QUOTE.email, subject: confirmation.subject });

    // A sent mail, or one of another record, cannot be resent.
    const again = await postFields(
      worker,
      `/admin/quotes/${request!.id}`,
      { intent: "resend", mail: confirmation.id },
      { Cookie: admin.cookie },
    );
    expect(again.status).toBe(404);
    const notification = rows.find((row) => row.kind === "notification")!;
    const elsewhere = await postFields(
      worker,
      `/admin/quotes/${crypto.randomUUID()}`,
      { intent: "resend", mail: notification.id },
      {
        Cookie: admin.cookie,
      },
    );
    expect(elsewhere.status).toBe(404);
    expect((await deliveries(worker)).find((row) => row.id === notification.id)?.status).toBe("failed");
  });
});

describe("duplicate deliveries", () => {
  let worker: TestWorker;
  beforeAll(async () => {
    worker = await startWorker({ mailService: { failures: 0 } });
  });
  afterAll(() => worker?.dispose());
  afterEach(() => worker.db.exec("DELETE FROM mail_deliveries"));

  test("a queue message delivered twice, together or after it was sent, sends one e-mail (idempotency by message id)", async () => {
    const queue = await worker.mf.getQueueProducer<MailQueueMessage>("MAIL_QUEUE");
    const id = crypto.randomUUID();
    const mail = { to: "twice@example.com", subject: "Delivered twice", text: "Hello", links: [] };
    await worker.db
      .prepare(
        "INSERT INTO mail_deliveries (id, kind, to_address, subject, body_text, links, status, attempts, created_at, updated_at) VALUES (?, 'reply', ?, ?, ?, '[]', 'queued', 0, ?, ?)",
      )
      .bind(id, mail.to, mail.subject, mail.text, Date.now(), Date.now())
      .run();
    // The same message twice in one batch, as an at-least-once queue may deliver it.
    await queue.sendBatch([{ body: { id, mail } }, { body: { id, mail } }]);
    await waitFor(() => (worker.output().some((line) => line.includes('"mail_duplicate_skipped"')) ? true : undefined), "the duplicate");
    // And once more, long after it was sent.
    await queue.send({ id, mail });
    await waitFor(
      () => (worker.output().filter((line) => line.includes('"mail_duplicate_skipped"')).length === 2 ? true : undefined),
      "the late duplicate",
    );
    expect(worker.deliveredMails().filter((sent) => sent.subject === "Delivered twice")).toHaveLength(1);
    expect(await worker.db.prepare("SELECT status, attempts FROM mail_deliveries WHERE id = ?").bind(id).first()).toEqual({
      status: "sent",
      attempts: 1,
    });
  });
});

describe("the queue refusing a message", () => {
  test("the request is stored and answered all the same; its e-mails show as not delivered", async () => {
    // A Worker deployed without its queue binding: every send fails.
    const worker = await startWorker({ mailQueue: false });
    try {
      const response = await postForm(worker, "/contact", formOf(VALID_CONTACT));
      expect(response.status).toBe(303);
      expect(await worker.db.prepare("SELECT count(*) AS n FROM contact_messages").first("n")).toBe(1);
      const rows = await settled(worker, 2, "both e-mails marked");
      expect(rows.every((row) => row.status === "failed" && row.last_error?.startsWith("Could not be queued"))).toBe(true);
    } finally {
      await worker.dispose();
    }
  });
});
