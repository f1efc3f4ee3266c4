/**
 * What the admin frame shows around every admin page (docs/product.md §2 "Admin", §10 "New and
 * overdue" and "Time to first reply"): the tabs' counts and this month's share of requests
 * answered within the promise, read as ONE statement (app/server/platform/combined.server.ts).
 */
import type { Database } from "~/server/platform";
import { oneRowStatement } from "~/server/platform";
import { tabCountReads, tabCountsOf, type TabCounts } from "./records.server";
import { firstReplyReads, type FirstReplyFigures } from "./replies.server";

/** The frame's figures: each tab's counts, and the month's answers within the promise. */
export interface FrameFigures {
  counts: { quotes: TabCounts; messages: TabCounts };
  replies: FirstReplyFigures;
}

/**
 * The frame's figures at `now`, in one statement (one round trip). In: the database and now.
 * Out: FrameFigures. Throws what D1 threw.
 */
export async function readFrameFigures(db: Database, now: Date = new Date()): Promise<FrameFigures> {
  const replies = firstReplyReads(db, now);
  const { query, read } = oneRowStatement(db, [
    ...tabCountReads(db, "quote_request", now),
    ...tabCountReads(db, "contact_message", now),
    ...replies.reads,
  ]);
  const [q0, q1, q2, m0, m1, m2, r0, r1] = read(await query);
  return { counts: { quotes: tabCountsOf([q0, q1, q2]), messages: tabCountsOf([m0, m1, m2]) }, replies: replies.fold([r0, r1]) };
}
