/**
 * A booked visit as an iCalendar event (RFC 5545, written with ical-generator), attached to its
 * confirmation so the customer's calendar shows it. The window's start and end are Jamaica's
 * times (America/Jamaica, UTC-5 all year) written as UTC instants, which every calendar shows
 * in its owner's zone: in Jamaica, the window as booked. The staff's calendar feeds
 * (feeds.server.ts) show the same event, by the same UID (`visitEventBase`). The library
 * escapes TEXT values (RFC 5545 §3.3.11) and folds lines at 75 octets of UTF-8, never inside a
 * code point (§3.1).
 */
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from "ical-generator";
import { jamaicaInstant } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType, type VisitStatus } from "~/domain/enumerations";

/** A visit's calendar identity and time: what its .ics attachment and the staff's calendar feeds (feeds.server.ts) share. */
export interface VisitEventBase {
  id: string;
  day: string;
  windowStart: string;
  windowEnd: string;
  sequence: number;
}

/**
 * The attributes every calendar event of a visit carries, wherever it is sent: the UID
 * `<visit id>@<site host>` (the same in the customer's .ics and in the staff's feeds, so it is
 * one event), its SEQUENCE (`visits.sequence`), and the arrival window as UTC instants
 * (DTSTART/DTEND ending in Z: Jamaica's 9:00-11:00 is 14:00-16:00Z). In: the visit and the
 * site's host (`new URL(SITE_URL).host`). Out: ical-generator event data.
 */
export function visitEventBase(visit: VisitEventBase, siteHost: string) {
  return {
    id: `${visit.id}@${siteHost}`,
    sequence: visit.sequence,
    start: new Date(jamaicaInstant(visit.day, visit.windowStart)),
    end: new Date(jamaicaInstant(visit.day, visit.windowEnd)),
  } satisfies ICalEventData;
}

/**
 * The .ics text of a visit: its arrival window as the event, the address as its location, the
 * reference in its text, a UID that stays the visit's and its SEQUENCE (`visits.sequence`, one
 * more at each change), so the event of a moved visit replaces the first, and that of a
 * cancelled one (METHOD:CANCEL, STATUS:CANCELLED) removes it (RFC 5545 §3.8.7.4, RFC 5546
 * §3.2.5). The status page's link is left out: it lets whoever holds it change the visit, and a
 * calendar is shared more widely than a mailbox. In: the visit, the company's name and e-mail,
 * the site's host (for the UID), the request's reference and the time written as DTSTAMP.
 * Out: the text (CRLF lines).
 */
export function visitCalendarEvent(
  visit: VisitEventBase & { status: VisitStatus; address: string; serviceType: ServiceType },
  company: { name: string; email: string },
  siteHost: string,
  reference: string,
  now = new Date(),
): string {
  const cancelled = visit.status === "cancelled" || visit.status === "skipped";
  const calendar = ical({
    prodId: `//${siteHost}//booking//EN`,
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    ...visitEventBase(visit, siteHost),
    stamp: now,
    summary: `${company.name}: ${SERVICE_TYPE_LABELS[visit.serviceType]} (arrival window)`,
    description: `The crew arrives in this window. Your reference: ${reference}. The link to change or cancel is in our e-mail.`,
    location: visit.address,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: company.name, email: company.email },
  });
  return calendar.toString();
}
