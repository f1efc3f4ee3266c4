/** The inbox feature's public face: what the routes, app/http, other features and the tests use of it. */
export { csvFileStem, csvStream } from "./export.server";
export { readFrameFigures, type FrameFigures } from "./frame.server";
export { readListQuery } from "./list-query.server";
export { matchExpression } from "./search.server";
export {
  addNote,
  changeQuoteStatus,
  getAttachmentPhoto,
  getRecord,
  isRepeatCustomer,
  listRecords,
  recordExtras,
  updateStatus,
  type ListRowFacts,
  type QuoteChange,
} from "./records.server";
export { queueCancellationMail, recordCorrespondence, sendQuote, sendReply, type SendOutcome } from "./replies.server";
export { deleteTemplate, listTemplates, saveTemplate, templatesOf } from "./templates.server";
