/**
 * Rows the booking tests start from: a quote request with its quote, ready to book
 * (app/server/booking/visits.server.ts `bookVisit`).
 */
import type { TestWorker } from "./worker";

/** What a seeded request may differ in: its status token, frequency, customer's name (its e-mail is `<name>n@example.com`), address and quoted amount. */
export interface SeedOptions {
  token?: string;
  frequency?: string | null;
  name?: string;
  address?: string;
  amountJmd?: number;
}

/** A quoted request `n` with a quote sent now, valid 14 days; out: its id. */
export async function seedQuotedRequest(
  worker: TestWorker,
  n: number,
  {
    token = crypto.randomUUID().replaceAll("-", ""),
    frequency = null,
    name = "Client",
    address = "2 Gloucester Avenue",
    amountJmd = 14500,
  }: SeedOptions = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  const reference = `MB-${Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => alphabet[byte % alphabet.length]).join("")}`;
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, frequency, status, reference, status_token) VALUES (?, ?, ?, ?, ?, '876 555 0101', ?, 'residential', ?, 'quoted', ?, ?)",
      )
      .bind(id, now, now, `${name} ${n}`, `${name.toLowerCase()}${n}@example.com`, address, frequency, reference, token),
    worker.db
      .prepare(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, ?, 14, 'Quote', ?)",
      )
      .bind(crypto.randomUUID(), id, amountJmd, now),
  ]);
  return id;
}
