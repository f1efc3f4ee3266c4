/**
 * Finding a request's customer (docs/product.md §14, docs/decisions/021-customers.md): by
 * e-mail (trimmed, lower-case), else by phone in E.164 (app/domain/phone.ts), else a new
 * customer. The statements run in the batch that stores the request, before its insert, so
 * the request, its customer and the customer's last activity are stored whole or not at all.
 * D1 runs one batch at a time, as one transaction: two submissions from a new address at once
 * make one customer, because the second batch's insert finds the first one's row.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { customers } from "../../../drizzle/schema";
import { e164 } from "~/domain/e164";
import { insertWhere, type Database } from "~/server/platform";

/** A request's contact fields as the visitor typed them. */
interface ContactFields {
  name: string;
  email: string;
  phone?: string | null;
}

/** The contact fields as customers are matched and stored: e-mail trimmed and lower-case (null when empty), phone in E.164 (null when unreadable). */
export function customerKeys(contact: ContactFields): { name: string; email: string | null; phone: string | null } {
  const email = contact.email.trim().toLowerCase();
  return { name: contact.name.trim(), email: email || null, phone: contact.phone ? e164(contact.phone) : null };
}

/**
 * The id of the customer these keys match, as SQL for the statement that runs it: the oldest
 * customer with this e-mail, else the oldest with this phone, else NULL.
 */
function matchedIdSql(keys: { email: string | null; phone: string | null }): SQL<string | null> {
  const byEmail = sql`(SELECT c.id FROM customers c WHERE c.email = ${keys.email} ORDER BY c.created_at, c.id LIMIT 1)`;
  const byPhone = sql`(SELECT c.id FROM customers c WHERE c.phone = ${keys.phone} ORDER BY c.created_at, c.id LIMIT 1)`;
  return sql<string | null>`coalesce(${byEmail}, ${byPhone})`;
}

/**
 * The statements that link a new request to its customer, to run in its batch, and the SQL of
 * its `customer_id`. In: the database, the request's contact fields, when it is stored.
 * Out: `before`: the customer's insert when none matches (a customer with this e-mail or phone
 * makes it write nothing) and the matched customer's last activity (`updated_at`) and missing
 * e-mail or phone filled in; `customerId`: the value for the request's `customer_id` column.
 */
export function linkToCustomer(
  db: Database,
  contact: ContactFields,
  now: Date,
): { before: [BatchItem<"sqlite">, BatchItem<"sqlite">]; customerId: SQL<string | null> } {
  const keys = customerKeys(contact);
  const matched = matchedIdSql(keys);
  const insert = insertWhere(
    db,
    customers,
    {
      id: crypto.randomUUID(),
      createdAt: now,
      updatedAt: now,
      name: keys.name,
      email: keys.email,
      phone: keys.phone,
      notes: null,
      searchRowid: null,
      firstDoneDay: null,
      erasedAt: null,
    },
    sql`${matched} IS NULL`,
  );
  const touch = db
    .update(customers)
    .set({
      updatedAt: sql`max(${customers.updatedAt}, ${now.getTime()})`,
      email: sql`coalesce(${customers.email}, ${keys.email})`,
      phone: sql`coalesce(${customers.phone}, ${keys.phone})`,
    })
    .where(eq(customers.id, matched));
  return { before: [insert, touch], customerId: matched };
}
