/** The retention feature's public face: the daily job that applies the retention periods (app/domain/retention.ts), the owner's settings and the last run's summary. */
export {
  applyRetention,
  readRetentionSettings,
  readRetentionSummary,
  retentionSettingsFrom,
  retentionSettingsQuery,
  retentionSummaryFrom,
  retentionSummaryQuery,
  saveRetentionSettings,
  type RetentionResult,
  type RetentionSettings,
  type RetentionSummary,
} from "./retention.server";
