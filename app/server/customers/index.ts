/** The customers feature's public face: customers as people (docs/product.md §14), what the routes, the visitor forms and the tests use of it. */
export { mergeCustomers, readCustomer, saveCustomerNotes, splitRecord } from "./customer.server";
export { jmdLabel, listCustomers, type CustomerRow } from "./list.server";
export { linkToCustomer } from "./match.server";
