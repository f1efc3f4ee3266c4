/** The visitor-forms feature's public face: what the routes, app/http, other features and the tests use of it. */
export { CONTACT_CONSTRAINT, QUOTE_CONSTRAINT } from "./form-constraints.server";
export { newReference } from "./reference.server";
export { createSubmission, type StoredSubmission, type SubmissionInput } from "./submissions.server";
