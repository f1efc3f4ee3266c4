/** The lifecycle feature's public face: a quote request's stage (app/domain/lifecycle.ts), read in SQL. */
export { nextVisitSql, pricedSql, readStage, stageColumns, stageCondition, stageFacts, stageSql } from "./stage.server";
export { readQuoteFollowUpDays, saveQuoteFollowUpDays, sendQuoteFollowUps } from "./follow-up.server";
