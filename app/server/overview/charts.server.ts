/** Placeholder: the overview's charts (replaced by the charts' implementation). */
import type { ChartModel, OverviewPeriod } from "~/domain/overview";
import type { OverviewFigures } from "./types";

export function overviewCharts(_figures: OverviewFigures, _period: OverviewPeriod): ChartModel[] {
  return [];
}

export function chartCsv(_chart: ChartModel): string {
  return "";
}
