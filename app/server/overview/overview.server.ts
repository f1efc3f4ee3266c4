/**
 * The whole overview's data in one D1 batch (docs/product.md §16 "Speed"): the figures' statement
 * (app/server/overview/figures.server.ts) and Today and Needs you's two (today.server.ts), three
 * statements in one round trip.
 */
import type { OverviewPeriod } from "~/domain/overview";
import type { Database } from "~/server/platform";
import { overviewFiguresRead } from "./figures.server";
import { todayBoardRead } from "./today.server";
import type { OverviewFigures, TodayBoard } from "./types";

/**
 * The figures of `period` on `today` (ISO, Jamaica) and the board at `now`, in one batch. Out:
 * `{ figures, board }` as `readOverviewFigures` and `readTodayBoard` give them. Throws what D1 threw.
 */
export async function readOverview(
  db: Database,
  period: OverviewPeriod,
  today: string,
  now: Date,
): Promise<{ figures: OverviewFigures; board: TodayBoard }> {
  const figures = overviewFiguresRead(db, period, today);
  const board = todayBoardRead(db, now);
  const [figureRows, visitRows, countRows] = await db.batch([figures.query, ...board.queries]);
  return { figures: figures.finish(figureRows), board: board.finish(visitRows, countRows) };
}
