/** The data-rights feature's public face (the Data Protection Act, 2020): a customer's data exported or erased, what the routes and the tests use of it. */
export { customerExportFileName, customerExportZip, readCustomerExport, recordCustomerExport } from "./export.server";
export { eraseCustomer, readCustomerForErasure, searchIndexesOptimised } from "./erase.server";
