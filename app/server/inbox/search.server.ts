/**
 * Full-text search over the admin lists (docs/product.md §10 "Search";
 * docs/decisions/009-admin-search.md). The FTS5 tables `quote_requests_search` and
 * `contact_messages_search` (migrations/0003_search_index.sql) index name, e-mail, phone (as
 * typed and as digits), address and the message or additional information; triggers keep
 * them in step with the records.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { integer, QueryBuilder, sqliteTable } from "drizzle-orm/sqlite-core";
import type { AuditedEntity } from "~/domain/enumerations";

/** At most this many words of a search are used; the rest are ignored. */
const MAX_TERMS = 8;

/**
 * What the search reads, declared for Drizzle here and not in drizzle/schema.ts, because
 * migrations/0003_search_index.sql writes it by hand and drizzle-kit must never generate it:
 * each kind's FTS5 table (its `rowid`), and the record's integer key into it (`search_rowid`,
 * a column of the record's own table).
 */
const SEARCH = {
  quote_request: {
    index: sqliteTable("quote_requests_search", { rowid: integer("rowid").notNull() }),
    key: sqliteTable("quote_requests", { searchRowid: integer("search_rowid") }).searchRowid,
  },
  contact_message: {
    index: sqliteTable("contact_messages_search", { rowid: integer("rowid").notNull() }),
    key: sqliteTable("contact_messages", { searchRowid: integer("search_rowid") }).searchRowid,
  },
} as const satisfies Record<AuditedEntity, unknown>;

const subquery = new QueryBuilder();

/**
 * The FTS5 MATCH expression for what staff typed, or null when it has no letters or digits.
 * Every word must appear, each as a prefix ("mar" finds "Maria"), in any indexed column;
 * a phone number typed with or without separators also matches the digits column. Words
 * are quoted, so nothing typed is read as FTS5 syntax (AND, NEAR, column names, `*`, `"`).
 * In: any text. Out: e.g. `("jane"* "876"*)` or `("876"* "555"*) OR (phone_digits : "876555"*)`.
 */
export function matchExpression(text: string): string | null {
  const terms = (text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const words = `(${terms.map((term) => `"${term}"*`).join(" ")})`;
  const digits = text.replace(/[\s\-().+/]/g, "");
  return /^\d{3,20}$/.test(digits) && terms.length > 1 ? `${words} OR (phone_digits : "${digits}"*)` : words;
}

/**
 * A condition for a Drizzle `where` on the records of `entity`: the record is among the
 * search's matches, joined on its integer `search_rowid` (the FTS row's rowid;
 * migrations/0003_search_index.sql): `search_rowid IN (SELECT rowid FROM <index> WHERE
 * <index> MATCH <expression>)`. In: the kind of record and the MATCH expression (from
 * matchExpression).
 */
export function matchesSearch(entity: AuditedEntity, expression: string): SQL {
  const { index, key } = SEARCH[entity];
  return inArray(
    key,
    subquery
      .select({ rowid: index.rowid })
      .from(index)
      .where(sql`${index} MATCH ${expression}`),
  );
}
