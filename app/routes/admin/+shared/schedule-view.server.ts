/**
 * What the schedule (/admin/schedule) and its printed day sheets (/admin/schedule/sheet) share:
 * how they read their query and how they show one visit.
 */
import { visitLabel, windowLabel } from "~/domain/booking";
import { SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS } from "~/domain/enumerations";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";
import { mapHref, SCHEDULE_VIEWS, type ScheduleView } from "~/domain/schedule";
import { isoDateSchema } from "~/forms/fields";
import type { AwaitingDeposit } from "~/server/billing";
import type { CrewFilter, ScheduleVisit } from "~/server/booking";
import { formatPrice } from "~/server/mail";

/** The schedule's query as the pages read it: a real ISO day (else today), a view (else "day"), a crew id or "none" (else every crew). */
export function readScheduleQuery(url: URL, today: string): { day: string; view: ScheduleView; crew: CrewFilter } {
  const day = isoDateSchema.safeParse(url.searchParams.get("day") ?? "");
  const view = url.searchParams.get("view");
  const crew = url.searchParams.get("crew") ?? "";
  return {
    day: day.success ? day.data : today,
    view: SCHEDULE_VIEWS.find((known) => known === view) ?? "day",
    crew: crew === "none" || /^[0-9a-f-]{36}$/.test(crew) ? crew : undefined,
  };
}

/**
 * One visit as a schedule card and a day sheet show it: labels ready to print, links to call,
 * write and find it; `deposit`: its deposit while awaited (app/server/billing `awaitingDeposits`).
 */
export function visitCard(visit: ScheduleVisit, today: string, deposit?: AwaitingDeposit) {
  const whatsapp = whatsappNumber(visit.phone);
  return {
    id: visit.id,
    quoteRequestId: visit.quoteRequestId,
    day: visit.day,
    windowStart: visit.windowStart,
    window: windowLabel({ start: visit.windowStart, end: visit.windowEnd }),
    when: visitLabel(visit),
    status: visit.status,
    statusLabel: VISIT_STATUS_LABELS[visit.status],
    name: visit.name,
    reference: visit.reference,
    phone: visit.phone,
    tel: telHref(visit.phone),
    whatsapp: whatsapp ? whatsappHref(whatsapp) : null,
    address: visit.address,
    map: mapHref(visit.address),
    service: SERVICE_TYPE_LABELS[visit.serviceType],
    price: formatPrice(visit.amountJmd, visit.amountUsd),
    included: visit.included,
    notes: visit.notes,
    /** The customer's own note from the quote form (schedule.server.ts `customerNote`), trimmed; null: none. */
    customerNote: visit.customerNote?.trim() || null,
    crewId: visit.crewId,
    crewName: visit.crewName,
    regular: visit.seriesId !== null,
    /** "Awaiting deposit: J$3,625.00 by …" while its deposit is unpaid; null: none asked, or paid. */
    awaitingDeposit: deposit ? `Awaiting deposit: ${deposit.amountLabel} by ${deposit.dueLabel}` : null,
    /** 'Mark done' and 'No-show' apply from the visit's day on. */
    canMark: visit.status === "scheduled" && visit.day <= today,
  };
}

export type VisitCard = ReturnType<typeof visitCard>;
