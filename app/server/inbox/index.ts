/** The inbox feature's public face: what the routes, app/http, other features and the tests use of it. */
export { csvFileStem, csvStream } from "./export.server";
export { readListQuery } from "./list-query.server";
export { matchExpression } from "./search.server";
export {
  addNote,
  changeQuoteStatus,
  countAll,
  getAttachmentPhoto,
  getRecord,
  isRepeatCustomer,
  listRecords,
  recordExtras,
  tabCountQueries,
  updateStatus,
  type ListRowFacts,
  type QuoteChange,
} from "./records.server";
export { firstReplyFigures, queueCancellationMail, recordCorrespondence, sendQuote, sendReply, type SendOutcome } from "./replies.server";
export { deleteTemplate, listTemplates, saveTemplate, templatesOf } from "./templates.server";
