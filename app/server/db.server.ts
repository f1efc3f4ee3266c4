/**
 * The Drizzle client over the D1 binding. D1 has no interactive transactions: use
 * `db.batch([...])` for anything that must be whole or nothing (DESIGN.md).
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

export type Database = DrizzleD1Database<typeof schema>;

export function getDb(env: Pick<CloudflareBindings, "DB">): Database {
  return drizzle(env.DB, { schema });
}
