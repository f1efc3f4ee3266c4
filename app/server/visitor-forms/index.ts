/** The visitor-forms feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./form-constraints.server";
export * from "./reference.server";
export * from "./submissions.server";
