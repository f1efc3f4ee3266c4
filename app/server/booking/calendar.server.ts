/**
 * A booked visit as an iCalendar event (RFC 5545, made with the `ics` library), attached to its
 * confirmation so the customer's calendar shows it. The window's start and end are Jamaica's
 * times (America/Jamaica, UTC-5 all year) written as UTC instants, which every calendar shows
 * in its owner's zone: in Jamaica, the window as booked. The staff's calendar feeds
 * (feeds.server.ts) show the same event, by the same UID (`visitEventBase`). Both fold their
 * lines at 75 octets of UTF-8 (`foldIcsLines`), not at the library's 75 characters.
 */
import { createEvent, type EventAttributes } from "ics";
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
 * site's host (`new URL(SITE_URL).host`). Out: `ics` event attributes.
 */
export function visitEventBase(visit: VisitEventBase, siteHost: string) {
  return {
    uid: `${visit.id}@${siteHost}`,
    sequence: visit.sequence,
    start: jamaicaInstant(visit.day, visit.windowStart),
    startInputType: "utc",
    startOutputType: "utc",
    end: jamaicaInstant(visit.day, visit.windowEnd),
    endInputType: "utc",
    endOutputType: "utc",
  } satisfies Partial<EventAttributes>;
}

/**
 * The .ics text of a visit: its arrival window as the event, the address as its location, the
 * reference in its text, a UID that stays the visit's and its SEQUENCE (`visits.sequence`, one
 * more at each change), so the event of a moved visit replaces the first, and that of a
 * cancelled one (METHOD:CANCEL, STATUS:CANCELLED) removes it (RFC 5545 §3.8.7.4, RFC 5546
 * §3.2.5). The status page's link is left out: it lets whoever holds it change the visit, and a
 * calendar is shared more widely than a mailbox. In: the visit, the company's name and e-mail,
 * the site's host (for the UID) and the request's reference. Out: the text, or null if the
 * library refuses the event.
 */
export function visitCalendarEvent(
  visit: VisitEventBase & { status: VisitStatus; address: string; serviceType: ServiceType },
  company: { name: string; email: string },
  siteHost: string,
  reference: string,
): string | null {
  const cancelled = visit.status === "cancelled" || visit.status === "skipped";
  const { value, error } = createEvent({
    ...visitEventBase(visit, siteHost),
    method: cancelled ? "CANCEL" : "PUBLISH",
    productId: `${siteHost}/booking`,
    title: `${company.name}: ${SERVICE_TYPE_LABELS[visit.serviceType]} (arrival window)`,
    description: `The crew arrives in this window. Your reference: ${reference}. The link to change or cancel is in our e-mail.`,
    location: visit.address,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    organizer: { name: company.name, email: company.email },
  });
  return error || !value ? null : foldIcsLines(value);
}

/** The longest a content line may be, in octets, without its CRLF (RFC 5545 §3.1). */
const LINE_OCTETS = 75;
/** A line of ASCII only: one octet a character. */
const ASCII = /^[^\u0080-\uffff]*$/;

/** `line` cut into pieces of at most 75 octets of UTF-8 (the first) or 74 (the rest, after their leading space), never inside a code point. */
function foldLine(line: string): string {
  // A line of 25 UTF-16 units or fewer holds at most 75 octets (a unit is at most 3 octets).
  if (line.length <= LINE_OCTETS / 3) return line;
  const pieces: string[] = [];
  if (ASCII.test(line)) {
    // One octet a unit: cut every 75, then every 74.
    pieces.push(line.slice(0, LINE_OCTETS));
    for (let i = LINE_OCTETS; i < line.length; i += LINE_OCTETS - 1) pieces.push(line.slice(i, i + LINE_OCTETS - 1));
    return pieces.join("\r\n ");
  }
  let start = 0;
  let octets = 0;
  let limit = LINE_OCTETS;
  for (let i = 0; i < line.length;) {
    const unit = line.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < line.length;
    const width = unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair ? 4 : 3;
    if (octets + width > limit) {
      pieces.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    octets += width;
    i += pair ? 2 : 1;
  }
  pieces.push(line.slice(start));
  return pieces.join("\r\n ");
}

/**
 * iCalendar text with its lines folded at 75 octets of UTF-8 (RFC 5545 §3.1): the `ics`
 * library folds at 75 characters (a line of accented names reaches some 135 octets) with a
 * tab, so its folds are undone first, then each line is cut before the code point that would
 * pass 75 octets and continued on a line that starts with one space (which counts toward that
 * line's 75). A code point is never split; unfolding (removing each CRLF and the space after
 * it) gives the text back. In: CRLF-separated text as the library writes it. Out: the same
 * content, folded; one pass over the text.
 */
export function foldIcsLines(text: string): string {
  return text
    .replace(/\r\n[\t ]/g, "")
    .split("\r\n")
    .map(foldLine)
    .join("\r\n");
}
