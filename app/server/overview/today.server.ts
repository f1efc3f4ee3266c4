/** Placeholder: today's work and what needs the owner (replaced by its implementation). */
import type { Database } from "~/server/platform";
import type { NeedsYou, TodayWork } from "./types";

export async function readTodayBoard(_db: Database, _now: Date): Promise<{ today: TodayWork; needsYou: NeedsYou }> {
  throw new Error("not yet");
}
