/**
 * A guarded insert: `INSERT INTO table (every column) SELECT <the row> WHERE <condition>`, the
 * one kind of statement Drizzle's query builder cannot write (its `insert().values()` has no
 * WHERE). It is how a statement in a D1 batch writes only if the statement before it changed a
 * row (`changes() = 1`), or only while a rule still holds (`NOT EXISTS …`), inside the batch's
 * one transaction (docs/architecture.md: D1 has no interactive transactions).
 */
import { getTableColumns, is, isSQLWrapper, sql, SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./db.server";

/**
 * "The statement before this one in the batch changed exactly one row" (SQLite's `changes()`):
 * the condition of a statement that must follow only a change that happened.
 */
export const PREVIOUS_CHANGED_ONE: SQL = sql`changes() = 1`;

/**
 * Every column of a row of `T`, none left out (a column added to the schema fails `tsc` where a
 * row leaves it out): its value, or SQL computed in the statement (a subquery).
 */
export type FullRow<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]-?: T["$inferInsert"][K] | SQLWrapper };

/**
 * The insert of `row` into `table`, written only if every one of `conditions` holds when the
 * statement runs. Values are bound as parameters and converted as their column says (a Date
 * becomes milliseconds). Out: Drizzle's insert, to run, to put in `db.batch`, or to extend
 * (`onConflictDoUpdate`, `returning`); its D1 result's `meta.changes` is 0 when nothing was written, else 1
 * plus the rows the table's triggers wrote (D1 counts them: visits, migrations/0019_overview_summaries.sql).
 */
export function insertWhere<T extends SQLiteTable>(db: Database, table: T, row: FullRow<T>, ...conditions: [SQL, ...SQL[]]) {
  const values = Object.entries(getTableColumns(table))
    // The columns Drizzle's insert lists, in its order: all but generated ones.
    .filter(([, column]) => column.generated === undefined || column.generated.type === "byDefault")
    .map(([key, column]) => {
      const value: unknown = row[key as keyof FullRow<T>];
      return isSQLWrapper(value) ? (is(value, SQL) ? value : sql`${value}`) : sql.param(value, column);
    });
  const where = sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` AND `,
  );
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${where}`);
}
