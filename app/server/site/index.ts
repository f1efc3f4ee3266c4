/** The site feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./content.server";
export * from "./pricing.server";
