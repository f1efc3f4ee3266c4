/**
 * Several reads as ONE SQL statement. A D1 batch is one round trip, but each statement in it
 * still costs its own turn in the database (in `wrangler dev`, about 2.5 ms a statement even for
 * `SELECT 1`; docs/benchmarks.md "The overview at five years"), so a page that asks for a dozen
 * small aggregates pays for a dozen statements. These helpers fold such reads into one:
 *
 * - `oneRowStatement`: reads that answer exactly one row (aggregates without GROUP BY: counts,
 *   sums) as one row: `WITH r0(...) AS (q0), r1(...) AS (q1) SELECT * FROM r0 CROSS JOIN r1`;
 * - `unionStatement`: reads that answer several rows as one UNION ALL, each row tagged with its
 *   read's name and padded with NULLs to the widest read.
 *
 * Each query keeps its own definition (the module that owns the rule builds it); only the
 * envelope is shared: every read becomes a common table expression whose columns are renamed by
 * position, and each row is mapped back to the read's field names in their selection order, so
 * a read's fields must be flat (no nested objects); each value is decoded as the read alone would
 * decode it (a JSON column parsed, a timestamp made a Date). An ORDER BY inside a read does not
 * order the union's rows: the caller sorts them. The reads' bound values add up in one
 * statement, and D1 binds at most 100 a statement: a caller keeps its combination under that
 * (tests/unit/overview-statements.test.ts checks the overview's).
 */
import { Column, is, SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "./db.server";

/** A drizzle select (or compound select) whose flat selection names its result's fields. */
export interface NamedRead extends SQLWrapper {
  readonly _: { readonly selectedFields: Record<string, unknown> };
}

/** The row type of a read: what awaiting it alone would give for each row. */
type RowOf<Q> = Q extends PromiseLike<ReadonlyArray<infer R>> ? R : never;

/** The field names of a read, in the order its statement selects them. */
const fieldsOf = (read: NamedRead) => Object.keys(read._.selectedFields);

/**
 * A stored value as the read's own field would give it: a column's decoder (a JSON column
 * parsed, a timestamp made a Date, a boolean), an `sql` field's `mapWith`; null stays null.
 */
function decoded(field: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (is(field, Column)) return field.mapFromDriverValue(value);
  const sqlOf = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  // drizzle keeps an `sql` field's decoder (`mapWith`, e.g. count()'s Number) on the SQL object, untyped.
  const decoder = (sqlOf as unknown as { decoder?: { mapFromDriverValue(value: unknown): unknown } } | undefined)?.decoder;
  return decoder ? decoder.mapFromDriverValue(value) : value;
}

/** A read's row from the combined row: its field `key` from the column `columnOf(i)` of its i-th field, decoded. */
function rowOf(read: NamedRead, keys: readonly string[], row: Record<string, unknown>, columnOf: (i: number) => string) {
  return Object.fromEntries(keys.map((key, i) => [key, decoded(read._.selectedFields[key], row[columnOf(i)])]));
}

/** A column of the combined statement, by its position-made name. */
const column = (name: string) => sql`${sql.identifier(name)}`;

/**
 * A read as a common table expression whose columns are renamed by position (`name(c0, c1) AS
 * (...)`), so the combined statement can name every column whatever the read called it.
 */
function cte(name: string, read: NamedRead, columns: readonly string[]): SQL {
  return sql`${sql.identifier(name)}(${sql.join(columns.map(column), sql`, `)}) AS (${read.getSQL()})`;
}

/**
 * One-row reads as one statement. In: the database and the reads, each answering exactly one
 * row (an aggregate without GROUP BY; a read answering none would empty the whole row, and one
 * answering several would repeat the others). Out: `{ query, read }`: `query` goes into a batch
 * (or is awaited), and `read(rows)` turns what it answered into each read's row, in the order
 * given (null for every field when nothing came back).
 */
export function oneRowStatement<const Q extends readonly NamedRead[]>(db: Database, reads: Q) {
  const keys = reads.map(fieldsOf);
  const columns = keys.map((names, k) => names.map((_, i) => `r${k}_${i}`));
  const fields = Object.fromEntries(columns.flat().map((name) => [name, column(name)]));
  const query = db.select(fields).from(
    sql`(WITH ${sql.join(
      reads.map((read, k) => cte(`r${k}`, read, columns[k]!)),
      sql`, `,
    )} SELECT * FROM ${sql.join(
      reads.map((_, k) => sql.identifier(`r${k}`)),
      sql` CROSS JOIN `,
    )})`,
  );
  const read = (rows: ReadonlyArray<Record<string, unknown>>) => {
    const row = rows[0] ?? {};
    return keys.map((names, k) => rowOf(reads[k]!, names, row, (i) => columns[k]![i]!)) as {
      -readonly [K in keyof Q]: RowOf<Q[K]>;
    };
  };
  return { query, read };
}

/** D1 allows at most this many terms in one compound SELECT (measured: 6 answers "too many terms in compound SELECT"). */
const MAX_COMPOUND_TERMS = 5;

/** SELECTs joined by UNION ALL, nested in groups of at most MAX_COMPOUND_TERMS, each group one term of the level above. */
function unionAll(terms: readonly SQL[]): SQL {
  if (terms.length <= MAX_COMPOUND_TERMS) return sql.join([...terms], sql` UNION ALL `);
  const groups: SQL[] = [];
  for (let at = 0; at < terms.length; at += MAX_COMPOUND_TERMS) {
    groups.push(sql`SELECT * FROM (${sql.join(terms.slice(at, at + MAX_COMPOUND_TERMS), sql` UNION ALL `)})`);
  }
  return unionAll(groups);
}

/**
 * Many-row reads as one statement. In: the database and the reads by name (letters, digits and
 * underscores). Out: `{ query, read }`: `query` goes into a batch (or is awaited), and
 * `read(rows)` gives each name its read's rows (an empty list when it answered none).
 */
export function unionStatement<const Q extends Record<string, NamedRead>>(db: Database, reads: Q) {
  const names = Object.keys(reads) as Array<keyof Q & string>;
  // The names are written into the SQL as literals.
  for (const name of names) if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`unionStatement: "${name}" is not a plain name`);
  const keys = new Map(names.map((name) => [name, fieldsOf(reads[name]!)]));
  const width = Math.max(...[...keys.values()].map((fields) => fields.length));
  const columns = Array.from({ length: width }, (_, i) => `c${i}`);
  const parts = names.map((name) => {
    const own = keys.get(name)!.length;
    const values = columns.map((c, i) => (i < own ? sql`${column(c)} AS ${column(c)}` : sql`NULL AS ${column(c)}`));
    return sql`SELECT ${sql.raw(`'${name}'`)} AS ${column("read")}, ${sql.join(values, sql`, `)} FROM ${sql.identifier(`r_${name}`)}`;
  });
  const ctes = names.map((name) => cte(`r_${name}`, reads[name]!, columns.slice(0, keys.get(name)!.length)));
  const fields = Object.fromEntries(["read", ...columns].map((name) => [name, column(name)]));
  const query = db.select(fields).from(sql`(WITH ${sql.join(ctes, sql`, `)} ${unionAll(parts)})`);
  const read = (rows: ReadonlyArray<Record<string, unknown>>) => {
    const out = Object.fromEntries(names.map((name) => [name, [] as unknown[]]));
    for (const row of rows) {
      const name = row.read as keyof Q & string;
      const fieldNames = keys.get(name);
      if (fieldNames) out[name]!.push(rowOf(reads[name]!, fieldNames, row, (i) => `c${i}`));
    }
    return out as { [K in keyof Q]: Array<RowOf<Q[K]>> };
  };
  return { query, read };
}
