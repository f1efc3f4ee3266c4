/** The gallery feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./gallery.server";
export * from "./media.server";
