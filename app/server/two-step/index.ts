/** The two-step feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./factors.server";
export * from "./mails.server";
export * from "./passkeys.server";
export * from "./setup.server";
export * from "./step-up.server";
