/** Placeholder: the overview's figures (replaced by the figures' implementation). */
import type { OverviewPeriod } from "~/domain/overview";
import type { Database } from "~/server/platform";
import type { OverviewFigures } from "./types";

export async function readOverviewFigures(_db: Database, _period: OverviewPeriod, _today: string): Promise<OverviewFigures> {
  throw new Error("not yet");
}
