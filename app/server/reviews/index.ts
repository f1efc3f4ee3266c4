/** The reviews feature's public face: what the routes, app/http, other features and the tests use of it. */
export { findReviewRequest, reviewRequestInsert, sendReviewRequests, submitCustomerReview } from "./review-requests.server";
export { addReview, changeReview, listReviews, publishedReviewQueries } from "./reviews.server";
export type { PublishedReviewRows } from "./reviews.server";
export { publishedReviews, reviewView } from "./published.server";
