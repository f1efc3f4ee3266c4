/**
 * A booked visit as an iCalendar event (RFC 5545, made with the `ics` library), attached to its
 * confirmation so the customer's calendar shows it. The window's start and end are Jamaica's
 * times (America/Jamaica, UTC-5 all year) written as UTC instants, which every calendar shows
 * in its owner's zone: in Jamaica, the window as booked.
 */
import { createEvent } from "ics";
import { MINUTE_MS, jamaicaDayStart } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";

/** When an arrival window "HH:MM" of `day` (ISO) begins in Jamaica, ms since the epoch. */
export function jamaicaInstant(day: string, time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return jamaicaDayStart(day)! + (hours * 60 + minutes) * MINUTE_MS;
}

/**
 * The .ics text of a visit: its arrival window as the event, the address as its location, the
 * status page as its link, a UID that stays the visit's and a SEQUENCE that grows with each
 * change (the seconds since it was booked), so a moved visit's event replaces the first (RFC 5545 §3.8.7.4).
 * In: the visit, the company's name and e-mail, the site's host (for the UID) and the status
 * page's link. Out: the text, or null if the library refuses the event.
 */
export function visitCalendarEvent(
  visit: {
    id: string;
    day: string;
    windowStart: string;
    windowEnd: string;
    address: string;
    serviceType: ServiceType;
    createdAt: Date;
    updatedAt: Date;
  },
  company: { name: string; email: string },
  siteHost: string,
  statusLink: string,
): string | null {
  const { value, error } = createEvent({
    uid: `${visit.id}@${siteHost}`,
    sequence: Math.max(0, Math.floor((visit.updatedAt.getTime() - visit.createdAt.getTime()) / 1000)),
    productId: `${siteHost}/booking`,
    start: jamaicaInstant(visit.day, visit.windowStart),
    startInputType: "utc",
    startOutputType: "utc",
    end: jamaicaInstant(visit.day, visit.windowEnd),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${company.name}: ${SERVICE_TYPE_LABELS[visit.serviceType]} (arrival window)`,
    description: `The crew arrives in this window. Your booking: ${statusLink}`,
    location: visit.address,
    url: statusLink,
    status: "CONFIRMED",
    organizer: { name: company.name, email: company.email },
  });
  return error ? null : value;
}
