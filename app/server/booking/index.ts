/** The booking feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./availability.server";
export * from "./calendar.server";
export * from "./crews.server";
export * from "./feeds.server";
export * from "./history.server";
export * from "./reminders.server";
export * from "./schedule.server";
export * from "./series.server";
export * from "./visits.server";
