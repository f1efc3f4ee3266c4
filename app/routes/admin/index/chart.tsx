/** Placeholder: one chart of the overview (replaced by its implementation). */
import type { ChartModel } from "~/domain/overview";

export function OverviewChart({ chart }: { chart: ChartModel; csvHref: string }) {
  return <section aria-label={chart.title}>{chart.figure}</section>;
}
