/**
 * The Drizzle client over the D1 binding. D1 has no interactive transactions: use
 * `db.batch([...])` for anything that must be whole or nothing (docs/architecture.md).
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../../drizzle/schema";

/** The client, with `$client` (the D1 binding) for statements Drizzle cannot express. */
export type Database = DrizzleD1Database<typeof schema> & { $client: D1Database };

/**
 * The table of each kind of record, for the statements written in SQL (conditional updates,
 * guards). Constants only: never a name from input.
 */
export const RECORD_TABLES = { quote_request: "quote_requests", contact_message: "contact_messages" } as const;

/**
 * A Drizzle client over the `DB` binding. The Worker makes one per request and hands it to
 * Remix as `context.db` (server.ts); the cron makes one per run. Nothing else constructs one.
 */
export function getDb(env: Pick<CloudflareBindings, "DB">): Database {
  return drizzle(env.DB, { schema });
}
