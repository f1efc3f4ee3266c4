/** The platform feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./content-version.server";
export * from "./db.server";
export * from "./env.server";
export * from "./insert-where.server";
export * from "./log.server";
export * from "./secrets.server";
export * from "./token-hash.server";
export * from "./turnstile.server";
export * from "./combined.server";
