/**
 * The Drizzle client over the D1 binding. D1 has no interactive transactions: use
 * `db.batch([...])` for anything that must be whole or nothing (docs/architecture.md).
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

export type Database = DrizzleD1Database<typeof schema>;

const clients = new WeakMap<D1Database, Database>();

/**
 * The Drizzle client of the `DB` binding: one per binding, so one per isolate rather than
 * one per call (the runtime hands every request the same binding object). Server modules
 * call it with the bindings they are given; nothing else constructs a client.
 */
export function getDb(env: Pick<CloudflareBindings, "DB">): Database {
  let client = clients.get(env.DB);
  if (!client) {
    client = drizzle(env.DB, { schema });
    clients.set(env.DB, client);
  }
  return client;
}
