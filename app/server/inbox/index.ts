/** The inbox feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./export.server";
export * from "./records.server";
export * from "./replies.server";
export * from "./search.server";
export * from "./templates.server";
export * from "./list-query.server";
