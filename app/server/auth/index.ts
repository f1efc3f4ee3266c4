/** The auth feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./accounts.server";
export * from "./password.server";
export * from "./sessions.server";
export * from "./sign-in-throttle.server";
export * from "./tokens.server";
