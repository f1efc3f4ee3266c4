/** The booking feature's public face: what the routes, app/http, other features, server.ts and the tests use of it. */
export {
  addDayOff,
  currentAvailability,
  extendPublicHolidays,
  fillPublicHolidays,
  holidaysUntil,
  readAvailabilitySettings,
  removeDayOff,
  renameDayOff,
  saveAvailabilitySettings,
  settingsOf,
  settingsSavedAt,
  upcomingDaysOff,
} from "./availability.server";
export { visitCalendarEvent } from "./calendar.server";
export { addCrew, assignCrew, crewsWithVisitsAhead, listCrews, updateCrew } from "./crews.server";
export { changeStatement } from "./history.server";
export {
  createFeed,
  FEED_DAYS,
  feedCalendar,
  feedPath,
  feedVisits,
  findLiveFeed,
  listFeeds,
  revokeFeed,
  TEAM_FEED_NAME,
} from "./feeds.server";
export { requestVisits } from "./record-visits.server";
export { sendVisitReminders } from "./reminders.server";
export { crewsOnSchedule, scheduleVisits, weekEntries, type CrewFilter, type ScheduleVisit } from "./schedule.server";
export { bookSeries, currentSeries, extendSeries, seriesOverview, type SeriesOverview } from "./series.server";
export {
  BOOKING_MESSAGES,
  bookingRequest,
  changeVisit,
  queueBookingNews,
  type VisitChangeResult,
  type VisitNotice,
} from "./visit-changes.server";
export { beforeCutoff, bookVisit, hasScheduledVisit, noScheduledVisit, scheduledVisitsOf, visitById, type Slot } from "./visits.server";
