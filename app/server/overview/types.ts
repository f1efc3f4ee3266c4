/**
 * The shapes the overview's server reads hand each other and the route (docs/product.md §16):
 * the figures of a period (figures.server.ts), the charts drawn from them (charts.server.ts),
 * and today's work and what needs the owner (today.server.ts). Amounts in cents, durations in
 * hours, days as ISO dates in Jamaica.
 */
import type { VisitStatus, ServiceType } from "~/domain/enumerations";
import type { RetentionSummary } from "~/server/retention";

/** A count over a period and over the one before it. */
export interface Compared<T> {
  current: T;
  previous: T;
}

/** Requests received: the period's count, the previous period's, and one count a week of the 12-week trend (keys of `weekBuckets`). */
export interface RequestFigures extends Compared<number> {
  weeks: Array<{ key: string; count: number }>;
}

/** Quotes sent with a price (`quoted`) and how many of those requests were booked (`booked`). */
export interface ConversionCount {
  quoted: number;
  booked: number;
}
export interface ConversionFigures extends Compared<ConversionCount> {
  months: Array<{ key: string } & ConversionCount>;
}

/** Work booked (visits' prices) and money collected (payments less refunds), in cents. */
export interface RevenueCount {
  bookedCents: number;
  collectedCents: number;
}
export interface RevenueFigures extends Compared<RevenueCount> {
  months: Array<{ key: string } & RevenueCount>;
}

/** Requests answered and their average wait for the first answer in hours (null when none answered). */
export interface AnswerCount {
  answered: number;
  averageHours: number | null;
}
export interface FirstAnswerFigures extends Compared<AnswerCount> {
  weeks: Array<{ key: string } & AnswerCount>;
}

/** Visits booked against places, in visits (each place is one arrival window of one crew on one working day). */
export interface LoadCount {
  booked: number;
  capacity: number;
}
/** Crew load over the next CREW_LOAD_DAYS days (current) and the same number of days just past (previous), and each crew's share of the coming ones. */
export interface CrewLoadFigures extends Compared<LoadCount> {
  /** Active crews in their order, then "Unassigned" (id null, capacity 0) when visits have no crew. */
  crews: Array<{ id: string | null; name: string } & LoadCount>;
  from: string;
  to: string;
}

/** Customers with a visit done, and how many of them had one done before. */
export interface RepeatCount {
  customers: number;
  repeat: number;
}
export interface RepeatFigures extends Compared<RepeatCount> {
  months: Array<{ key: string } & RepeatCount>;
}

/** Reviews given and their average stars (null when none). */
export interface RatingCount {
  count: number;
  average: number | null;
}
export interface RatingFigures extends Compared<RatingCount> {
  months: Array<{ key: string } & RatingCount>;
}

/** Every figure of the overview for one period (app/server/overview/figures.server.ts `readOverviewFigures`). */
export interface OverviewFigures {
  requests: RequestFigures;
  conversion: ConversionFigures;
  revenue: RevenueFigures;
  firstAnswer: FirstAnswerFigures;
  crewLoad: CrewLoadFigures;
  repeatCustomers: RepeatFigures;
  rating: RatingFigures;
}

/** A visit of the day, as the overview's Today lists it. */
export interface TodayVisit {
  id: string;
  quoteRequestId: string;
  crewId: string | null;
  crewName: string | null;
  windowStart: string;
  windowEnd: string;
  status: VisitStatus;
  customerName: string;
  serviceType: ServiceType;
  address: string;
}

/**
 * Today's work (app/server/overview/today.server.ts `readTodayBoard`): `day` and `tomorrow` as ISO
 * days in Jamaica, the day's visits (scheduled, done, no-show) by crew position (unassigned last)
 * then window start, and how many visits are scheduled tomorrow.
 */
export interface TodayWork {
  day: string;
  visits: TodayVisit[];
  tomorrow: string;
  tomorrowCount: number;
}

/** What needs the owner now (app/server/overview/today.server.ts `readTodayBoard`); amounts in cents, days ISO in Jamaica. */
export interface NeedsYou {
  /** Requests whose priced quote waits for the customer's acceptance (stage quoted, priced). */
  quotesWaiting: number;
  /** Scheduled visits whose day has passed, and the earliest such day. */
  visitsToMarkDone: number;
  oldestVisitToMarkDone: string | null;
  /** Issued invoices still owing and Σ their balances; of those, the ones past their due day. */
  unpaid: { count: number; cents: number };
  overdue: { count: number; cents: number };
  /** Reviews not yet published. */
  reviewsToPublish: number;
}

/** The board of /admin: today's work, what needs the owner, and the retention job's last run (app/server/retention). */
export interface TodayBoard {
  today: TodayWork;
  needsYou: NeedsYou;
  retention: RetentionSummary;
}
