/**
 * The record page's Visit card, as the page shows it: the request's visits and regular cleaning
 * (app/server/booking `requestVisits`) and their awaited deposits (app/server/billing
 * `awaitingDepositsOfRequest`) in words, for the card in ./route.tsx and its forms (the staff
 * visit action: ../+shared/visit-action.server.ts). Both reads go in one round trip.
 */
import { dayLabel, visitLabel, windowLabel } from "~/domain/booking";
import { formatAdminDateTime, todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type Frequency } from "~/domain/enumerations";
import { isSeriesFrequency, REPEAT_LABELS, seriesWindowLabel } from "~/domain/series";
import { awaitingDepositsOfRequest, type AwaitingDeposit } from "~/server/billing";
import { requestVisits } from "~/server/booking";
import { formatPrice } from "~/server/mail";
import type { Database } from "~/server/platform";

/** The Visit card's reads, side by side: one D1 round trip. In: the request's id and the frequency it asked for. */
export async function readVisitCard(db: Database, request: { id: string; frequency: Frequency | null }, now = new Date()) {
  const [visits, deposits] = await Promise.all([requestVisits(db, request, now), awaitingDepositsOfRequest(db, request.id)]);
  return { ...visits, deposits };
}

/**
 * The Visit card from its reads (`readVisitCard`): the scheduled visit (its label, and whether
 * 'Mark done' applies: from its day on), the request's newest visits (RECORD_VISITS_SHOWN), with
 * `total` and `earlier` (how many are not shown), each with its status and history lines ("Booked for
 * …, by the customer", "Moved from … to …, by ann@…", with the Jamaica time), the arrival
 * windows for the staff's book and move forms, the book form's 'How often' choice for a weekly,
 * bi-weekly or monthly request, and the regular cleaning with its upcoming visits. A visit
 * awaiting its deposit says so, with the amount and the deadline.
 */
export function visitCardData(read: Awaited<ReturnType<typeof readVisitCard>>, now = new Date()) {
  const { visits: all, total, scheduled, settings, series: overview, frequency, deposits } = read;
  const slotLabel = (day: string, start: string, end: string) => `${dayLabel(day)}, ${windowLabel({ start, end })}`;
  return {
    scheduled: scheduled
      ? {
          label: visitLabel(scheduled),
          canMarkDone: scheduled.day <= todayInJamaica(now),
          address: scheduled.address,
          service: SERVICE_TYPE_LABELS[scheduled.serviceType],
          price: formatPrice(scheduled.amountJmd, scheduled.amountUsd),
          included: scheduled.included,
          notes: scheduled.notes ?? "",
        }
      : null,
    total,
    earlier: total - all.length,
    visits: all.map(({ visit, changes }) => ({
      id: visit.id,
      label: visitLabel(visit),
      status: visit.status,
      /** "Awaiting deposit: J$… by …" while its deposit is unpaid (app/server/billing `awaitingDeposits`), else null. */
      awaitingDeposit: depositText(deposits.get(visit.id)),
      changes: changes.map((change) => {
        const to = slotLabel(change.day, change.windowStart, change.windowEnd);
        const what = {
          booked: `Booked for ${to}`,
          moved: `Moved from ${change.fromDay && change.fromWindowStart && change.fromWindowEnd ? slotLabel(change.fromDay, change.fromWindowStart, change.fromWindowEnd) : "another day"} to ${to}`,
          assigned: change.crewName ? `Assigned to ${change.crewName}` : "Taken off its crew",
          cancelled: "Cancelled",
          skipped: "Skipped",
          done: "Marked done",
          no_show: "Marked no-show",
        }[change.kind];
        const who =
          change.actor === "customer"
            ? "by the customer"
            : change.actor === "system"
              ? "automatically"
              : `by ${change.actorEmail ?? "a former staff member"}`;
        return {
          key: `${change.kind}-${change.createdAt.getTime()}`,
          text: `${what}, ${who}`,
          when: formatAdminDateTime(change.createdAt.getTime()),
        };
      }),
    })),
    windows: settings.windows.map((window) => ({ start: window.start, label: windowLabel(window) })),
    // 'Book for the customer': once, or the request's regular cleaning from the day picked.
    repeat: isSeriesFrequency(frequency)
      ? (["once", frequency] as const).map((value) => ({ value, label: REPEAT_LABELS[value], checked: value === frequency }))
      : null,
    // The regular cleaning: how it repeats and its visits of the next 60 days, each with its own Move and Cancel.
    series: overview
      ? {
          label: seriesWindowLabel(overview.series),
          paused: overview.series.status === "paused",
          visits: overview.visits.map((visit) => ({
            id: visit.id,
            // The series' label says its window: its day alone, or with its own window when moved to another.
            label:
              visit.windowStart === overview.series.windowStart && visit.windowEnd === overview.series.windowEnd
                ? dayLabel(visit.day)
                : visitLabel(visit),
            status: visit.status,
            inSeries: visit.seriesId === overview.series.id,
          })),
        }
      : null,
  };
}

/** A visit's deposit while awaited, as the record reads it; null: none asked, or paid. */
function depositText(deposit: AwaitingDeposit | undefined): string | null {
  return deposit ? `Awaiting deposit: ${deposit.amountLabel} by ${deposit.dueLabel}` : null;
}
