/** The lifecycle feature's public face: a quote request's stage (app/domain/lifecycle.ts), read in SQL, and the follow-up of quotes not accepted. */
export { quotesWaitingQuery, readStage, stageColumns, stageCondition, stageFacts } from "./stage.server";
export { readQuoteFollowUpDays, saveQuoteFollowUpDays, sendQuoteFollowUps } from "./follow-up.server";
