/** The customer feature's public face: what the routes, app/http, other features and the tests use of it. */
export { findStatusRequest, statusCalendarEvent, type StatusRequest } from "./status-page.server";
