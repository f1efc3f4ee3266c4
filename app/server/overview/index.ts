/** The overview feature's public face: the owner's figures, charts and today's work (docs/product.md §16). */
export type * from "./types";
export { readOverviewFigures } from "./figures.server";
export { chartCsv, overviewCharts } from "./charts.server";
export { readTodayBoard } from "./today.server";
export { readOverview } from "./overview.server";
