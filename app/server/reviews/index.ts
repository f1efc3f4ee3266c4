/** The reviews feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./review-requests.server";
export * from "./reviews.server";
