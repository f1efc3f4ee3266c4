/**
 * The database's own guards of the books (migrations/0016_billing_guards.sql and
 * 0017_billing_guards_tightened.sql) on real D1, whatever code runs: a draft's line cannot be
 * moved onto an issued invoice, and a void invoice keeps the reason and time it was voided with.
 * Raw statements, as a script or a hand-typed query would run them.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** A draft invoice with one line; out: the invoice's and the line's ids. */
async function draftWithLine(): Promise<{ id: string; lineId: string }> {
  const id = crypto.randomUUID();
  const lineId = crypto.randomUUID();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO invoices (id, kind, status, purpose, customer_id, bill_to_name, due_date, subtotal_cents, tax_cents, total_cents, created_at, updated_at) VALUES (?, 'invoice', 'draft', 'visit', ?, 'Guarded', '2026-12-01', 1000, 0, 1000, 0, 0)",
      )
      .bind(id, crypto.randomUUID()),
    worker.db
      .prepare(
        "INSERT INTO invoice_lines (id, invoice_id, position, description, quantity, unit_cents, amount_cents) VALUES (?, ?, 1, 'Clean', 1, 1000, 1000)",
      )
      .bind(lineId, id),
  ]);
  return { id, lineId };
}

/** Issues `id` by hand with a number of a series of its own. */
async function issue(id: string): Promise<void> {
  await worker.db
    .prepare(
      "UPDATE invoices SET status = 'issued', series = ?, seq = 1, number = ?, issue_date = '2026-11-28', token = lower(hex(randomblob(16))) WHERE id = ?",
    )
    .bind(`TEST-${id}`, `TEST-${id}-0001`, id)
    .run();
}

test("a draft's line moved onto an issued invoice is refused; the draft keeps it", async () => {
  const issued = await draftWithLine();
  await issue(issued.id);
  const draft = await draftWithLine();
  await expect(
    worker.db.prepare("UPDATE invoice_lines SET invoice_id = ?, position = 2 WHERE id = ?").bind(issued.id, draft.lineId).run(),
  ).rejects.toThrow(/never change/);
  const lines = await worker.db.prepare("SELECT invoice_id AS invoiceId FROM invoice_lines WHERE id = ?").bind(draft.lineId).first();
  expect(lines).toEqual({ invoiceId: draft.id });
  // A draft's own line still changes.
  await worker.db.prepare("UPDATE invoice_lines SET description = 'Deep clean' WHERE id = ?").bind(draft.lineId).run();
});

test("a void invoice keeps its reason and time; its reminders may still be noted", async () => {
  const { id } = await draftWithLine();
  await issue(id);
  await worker.db.prepare("UPDATE invoices SET status = 'void', void_reason = 'Booked twice', voided_at = 5 WHERE id = ?").bind(id).run();
  await expect(worker.db.prepare("UPDATE invoices SET void_reason = 'Other' WHERE id = ?").bind(id).run()).rejects.toThrow(
    /stays as it was voided/,
  );
  await expect(worker.db.prepare("UPDATE invoices SET voided_at = 6 WHERE id = ?").bind(id).run()).rejects.toThrow(
    /stays as it was voided/,
  );
  await expect(worker.db.prepare("UPDATE invoices SET status = 'issued' WHERE id = ?").bind(id).run()).rejects.toThrow(/never edited/);
  await worker.db.prepare("UPDATE invoices SET reminded_at = 7 WHERE id = ?").bind(id).run();
  expect(await worker.db.prepare("SELECT void_reason AS reason, voided_at AS at FROM invoices WHERE id = ?").bind(id).first()).toEqual({
    reason: "Booked twice",
    at: 5,
  });
});
