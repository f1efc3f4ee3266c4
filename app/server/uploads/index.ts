/** The uploads feature's public face: what the routes, app/http, other features and the tests use of it. */
export { ORPHAN_GRACE_MS, storeSubmission, sweepOrphanUploads } from "./attachments.server";
export { sniffImageType } from "./images.server";
