/**
 * The overview's and the admin frame's statements stay inside D1's limit of 100 bound values a
 * statement (app/server/platform/combined.server.ts folds several reads into one statement, so
 * their values add up): each statement is captured, as D1 would receive it, through drizzle's
 * SQLite proxy driver, for every kind of period and a custom range of a whole year.
 */
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { expect, test } from "vitest";
import * as schema from "../../drizzle/schema";
import { OVERVIEW_PERIODS, resolvePeriod } from "~/domain/overview";
import { readFrameFigures } from "~/server/inbox";
import { readOverviewFigures, readTodayBoard } from "~/server/overview";
import type { Database } from "~/server/platform";

/** D1's limit on the values bound to one statement (Cloudflare D1 limits: "Maximum bound parameters per query"). */
const D1_MAX_BOUND = 100;

/** Every statement a call sends: its SQL's opening and how many values it binds (the proxy answers no rows). */
async function statementsOf(call: (db: Database) => Promise<unknown>): Promise<Array<{ sql: string; bound: number }>> {
  const seen: Array<{ sql: string; bound: number }> = [];
  const note = (sql: string, params: unknown[]) => seen.push({ sql: sql.slice(0, 60), bound: params.length });
  const db = drizzle(
    async (sql, params) => {
      note(sql, params);
      return { rows: [] };
    },
    async (queries) => {
      for (const query of queries) note(query.sql, query.params);
      return queries.map(() => ({ rows: [] }));
    },
    { schema },
  ) as unknown as Database;
  await call(db).catch(() => undefined); // no rows: only the statements sent matter here
  return seen;
}

test("every statement of the overview and the admin frame binds at most 100 values", async () => {
  const today = "2026-11-28";
  const searches = [...OVERVIEW_PERIODS.map((period) => ({ period })), { period: "custom", from: "2025-11-29", to: today }];
  const statements = [
    ...(await statementsOf((db) => readFrameFigures(db, new Date("2026-11-28T15:00:00Z")))),
    ...(await statementsOf((db) => readTodayBoard(db, new Date("2026-11-28T15:00:00Z")))),
  ];
  for (const search of searches) {
    const { period } = resolvePeriod(search, today);
    statements.push(...(await statementsOf((db) => readOverviewFigures(db, period, today))));
  }
  expect(statements.length).toBeGreaterThan(searches.length);
  for (const statement of statements) expect(statement.bound, statement.sql).toBeLessThanOrEqual(D1_MAX_BOUND);
});
