/**
 * Payment reminders (app/server/billing/reminders.server.ts, docs/product.md §15) against the
 * production Worker in Miniflare with real D1 and queues: the daily cron e-mails one reminder,
 * with the invoice's private link, for an issued invoice still owing `reminder_days` days after
 * its due date, once however many runs overlap; never for an invoice paid, not late enough, without
 * an e-mail address, or when the setting is 0. 'Send reminder' on /admin/invoices/unpaid e-mails
 * it by hand and marks it reminded, and refuses an invoice with nothing owed.
 *
 * Invoices and payments cannot be deleted (migrations/0016_billing_guards.sql): each test writes
 * its own invoices, with their own numbers and addresses.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { DAY_MS, todayInJamaica } from "~/domain/dates";
import { createAdminSession, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
  await setReminderDays(7);
});
afterAll(() => worker?.dispose());

/** The one number `sql` selects as `n`. */
async function count(sql: string, ...values: unknown[]): Promise<number> {
  const row = await worker.db
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

async function setReminderDays(days: number) {
  await worker.db.prepare("UPDATE billing_settings SET reminder_days = ? WHERE id = 1").bind(days).run();
}

/** The daily cron of the Worker, run as if at `at`; it must end "ok". */
async function runCron(at: Date) {
  const result = await (await worker.mf.getWorker()).scheduled({ cron: "30 13 * * *", scheduledTime: at });
  expect(result.outcome).toBe("ok");
}

let seq = 0;
interface Seed {
  /** Days between the due date and today (positive: overdue). */
  dueDaysAgo: number;
  /** What was paid of the J$18,000.00, in cents. */
  paidCents?: number;
  email?: string | null;
}

/** An issued invoice of J$18,000.00 (no GCT), written as issuing leaves it; out: its id, number, token and address. */
async function issuedInvoice({ dueDaysAgo, paidCents = 0, email }: Seed) {
  const n = ++seq;
  const id = crypto.randomUUID();
  const token = crypto.randomUUID().replaceAll("-", "");
  const number = `INV-2090-${String(n).padStart(4, "0")}`;
  const address = email === undefined ? `owes${n}-${id.slice(0, 6)}@example.com` : email;
  const today = todayInJamaica();
  const now = Date.now();
  const statements = [
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, bill_to_name, bill_to_email, bill_to_phone,
          issue_date, due_date, tax_rate_bp, subtotal_cents, discount_cents, tax_cents, total_cents, token, issued_at, created_at, updated_at)
         VALUES (?, 'invoice', 'issued', 'visit', 'INV-2090', ?, ?, ?, ?, ?, '+18765550101', ?, ?, 0, 1800000, 0, 0, 1800000, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        n,
        number,
        crypto.randomUUID(),
        `Owes ${n}`,
        address,
        plusDays(today, -dueDaysAgo - 5),
        plusDays(today, -dueDaysAgo),
        token,
        now,
        now,
        now,
      ),
  ];
  if (paidCents > 0) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, paid_on, idempotency_key, created_at) VALUES (?, ?, 'payment', 'cash', ?, ?, ?, ?)",
        )
        .bind(crypto.randomUUID(), id, paidCents, today, crypto.randomUUID(), now),
    );
  }
  await worker.db.batch(statements);
  return { id, number, token, email: address };
}

/** The reminders the queue's consumer sent to `email`. */
const reminders = (email: string | null) => worker.mails().filter((mail) => mail.to === email && mail.subject.startsWith("Reminder:"));

/** The reminder outbox rows about invoice `id`. */
const outboxRows = (id: string) =>
  count("SELECT count(*) AS n FROM mail_deliveries WHERE entity = 'invoice' AND entity_id = ? AND kind = 'payment_reminder'", id);

describe("the automatic reminder", () => {
  test("10 cron runs at once send one reminder with the invoice's link; the next days' runs send nothing more", async () => {
    const late = await issuedInvoice({ dueDaysAgo: 10 });
    const partly = await issuedInvoice({ dueDaysAgo: 8, paidCents: 500000 });
    const at = new Date();
    await Promise.all(Array.from({ length: 10 }, () => runCron(at)));
    expect(await outboxRows(late.id)).toBe(1);
    expect(await outboxRows(partly.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE id = ? AND auto_reminder_sent_at = ? AND reminded_at = ?",
        late.id,
        at.getTime(),
        at.getTime(),
      ),
    ).toBe(1);
    const mail = await waitFor(() => reminders(late.email)[0], "the reminder");
    expect(mail.links[0]).toMatch(new RegExp(`/invoice/${late.token}$`));
    expect(mail.text).toContain(late.number);
    expect(mail.text).toContain("J$18,000.00");
    const partMail = await waitFor(() => reminders(partly.email)[0], "the partly paid invoice's reminder");
    expect(partMail.text).toContain("J$13,000.00");

    await runCron(new Date(at.getTime() + DAY_MS));
    await runCron(new Date(at.getTime() + 2 * DAY_MS));
    expect(await outboxRows(late.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reminders(late.email)).toHaveLength(1);
    expect(worker.output().join("\n")).toMatch(/payment_reminders_queued/);
  });

  test("nothing for an invoice paid, not late enough, without an e-mail address, or when the setting is 0", async () => {
    const paid = await issuedInvoice({ dueDaysAgo: 20, paidCents: 1800000 });
    const recent = await issuedInvoice({ dueDaysAgo: 6 });
    const notDue = await issuedInvoice({ dueDaysAgo: -3 });
    const noEmail = await issuedInvoice({ dueDaysAgo: 30, email: null });
    await runCron(new Date());
    for (const invoice of [paid, recent, notDue, noEmail]) expect(await outboxRows(invoice.id)).toBe(0);

    await setReminderDays(0);
    try {
      const off = await issuedInvoice({ dueDaysAgo: 40 });
      await runCron(new Date());
      expect(await outboxRows(off.id)).toBe(0);
      expect(await count("SELECT count(*) AS n FROM invoices WHERE id = ? AND auto_reminder_sent_at IS NULL", off.id)).toBe(1);
    } finally {
      await setReminderDays(7);
    }
    // Seven days late: the day it is due.
    await runCron(new Date(Date.now() + DAY_MS));
    expect(await outboxRows(recent.id)).toBe(1);
    expect(await outboxRows(paid.id)).toBe(0);
  });
});

describe("'Send reminder' on the Unpaid view", () => {
  test("e-mails the link and marks the invoice reminded; refuses one with nothing owed, an unknown one, and a non-admin", async () => {
    const owing = await issuedInvoice({ dueDaysAgo: 2 });
    const paid = await issuedInvoice({ dueDaysAgo: 2, paidCents: 1800000 });
    const send = (id: string, cookie = admin.cookie) =>
      postFields(worker, "/admin/invoices/unpaid", { intent: "remind", id }, { Cookie: cookie });

    // Two taps at once, or two staff: one e-mail; the other is told so.
    const both = await Promise.all([send(owing.id), send(owing.id)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const sent = both.find((response) => response.status === 200)!;
    expect(await both.find((response) => response.status === 409)!.text()).toContain("A reminder was just sent");
    expect(await sent.text()).toContain(`Reminder sent for ${owing.number}.`);
    expect(await outboxRows(owing.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE id = ? AND reminded_at IS NOT NULL AND auto_reminder_sent_at IS NULL",
        owing.id,
      ),
    ).toBe(1);
    const mail = await waitFor(() => reminders(owing.email)[0], "the reminder");
    expect(mail.links[0]).toMatch(new RegExp(`/invoice/${owing.token}$`));

    const refused = await send(paid.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Nothing is owed on this invoice");
    expect(await outboxRows(paid.id)).toBe(0);

    expect((await send(crypto.randomUUID())).status).toBe(404);

    const user = await createAdminSession(worker, "user");
    expect((await send(owing.id, user.cookie)).status).toBe(302);
    expect(await outboxRows(owing.id)).toBe(1);
  });
});
