/**
 * The five-years data set of a busy company (docs/benchmarks.md "The overview at five years"),
 * the data scripts/bench-overview.mjs measures /admin over. Made from a seeded generator
 * (mulberry32, scripts/bench-common.mjs `random`), so every run on the same day fills the same
 * records, ending today in Jamaica:
 *
 * - 20 crews working Monday to Saturday; 40 visits on each working day for five years (about
 *   62,600), each in one crew's arrival window (the default windows, app/domain/booking.ts),
 *   past ones mostly done (some no-show, skipped or cancelled, a few still to mark done), and
 *   the next 60 days scheduled, fewer the further ahead;
 * - 30,000 quote requests from 15,000 customers (many with several), each booked one with a
 *   priced quote (customer_replies kind 'quote') and its visits, 200 of them as visit series;
 *   the others pending, quoted and not booked, or cancelled; first answers within hours;
 * - invoices issued as the site issues them (a draft with its lines, then ONE UPDATE giving
 *   status, series, seq, number, issue day and token: migrations/0016_billing_guards.sql lets no
 *   line be added to an issued invoice) and their payments, about 60,000 documents and payments
 *   in all; 5,000 reviews of done visits; 20,000 contact messages; 150,000 outbox mails
 *   (mail_deliveries); 500 gallery photo rows (rows only: no R2 object, no gallery item).
 *
 * Rows are inserted 1,000 per statement (JSON spread by json_each), ten statements per D1
 * batch, so the search triggers (migrations/0003_search_index.sql, 0013_customers_search.sql)
 * index them as the site's own inserts would. `fillScale` is what the bench calls; alone:
 * `node scripts/bench-scale.mjs --persist-to .wrangler/state [--fresh]` fills a local database
 * (`--fresh`: emptied and migrated first) and prints what it made.
 */
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { FIRST, LAST } from "./bench-admin-search.mjs";
import { DAY_MS, plusDays, random } from "./bench-common.mjs";
import { run } from "./run.mjs";

const PAST_DAYS = 5 * 365 + 1;
const AHEAD_DAYS = 60;
const VISITS_PER_DAY = 40;
const CREWS = 20;
/** The default arrival windows (app/domain/booking.ts DEFAULT_AVAILABILITY). */
const WINDOWS = [
  ["09:00", "11:00"],
  ["11:00", "13:00"],
  ["13:00", "15:00"],
];
const PLACES_PER_DAY = CREWS * WINDOWS.length;
const REQUESTS = 30_000;
const CUSTOMERS = 15_000;
const SERIES = 200;
const REVIEWS = 5_000;
const MESSAGES = 20_000;
const MAILS = 150_000;
const PHOTOS = 500;
/** A booked request of at most this many visits gets an invoice a visit; longer ones one invoice for the whole quote. */
const INVOICE_PER_VISIT_UP_TO = 4;
/** Rows per INSERT statement and statements per D1 batch. */
const ROWS = 1000;
const STATEMENTS_PER_BATCH = 10;
const HOUR_MS = 3_600_000;

const SERVICES = ["residential", "commercial", "deep-clean", "airbnb", "post-construction", "strata", "industrial-kitchen"];
/** How often each service is asked for (same order as SERVICES). */
const SERVICE_WEIGHTS = [45, 15, 15, 12, 5, 5, 3];
const PLACES = [
  "Gloucester Avenue",
  "Ironshore",
  "Rose Hall",
  "Coral Gardens",
  "Half Moon",
  "Freeport",
  "Catherine Hall",
  "Reading",
  "Bogue",
  "Irwin",
];
const METHODS = ["cash", "bank_transfer", "bank_transfer", "lynk", "card_in_person", "card_online"];

/** The ms a Jamaica day (ISO) starts at: Jamaica is UTC-5 all year. */
const dayStart = (day) => Date.parse(`${day}T05:00:00Z`);
/** The weekday of an ISO day, 0 Sunday to 6 Saturday. */
const weekday = (day) => new Date(`${day}T12:00:00Z`).getUTCDay();
/** The Jamaica day (ISO) of an instant in ms. */
const dayOf = (ms) => new Date(ms - 5 * HOUR_MS).toISOString().slice(0, 10);
const ascii = (text) => text.normalize("NFD").replace(/[^A-Za-z-]/g, "");

/**
 * Builds every row of the set in memory (no I/O). In: `now` (ms) and the generator's `seed`.
 * Out: { tables: { name: { columns, rows } } in insertion order, issues: the UPDATE rows that
 * issue the invoices, stats } (rows are arrays in the order of `columns`).
 */
export function buildScale({ now = Date.now(), seed = 2026 } = {}) {
  const next = random(seed);
  const chance = (p) => next() < p;
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const hex = (n) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join("");
  const uuid = () => {
    const h = hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[Math.floor(next() * 4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  const reference = () => `MB-${Array.from({ length: 10 }, () => pick(REFERENCE_ALPHABET)).join("")}`;
  /** Hours to a first answer: mostly within a working morning, now and then a day or two. */
  const answerHours = () => Math.min(72, 0.2 + -Math.log(1 - next()) * (chance(0.85) ? 3 : 20));
  const service = () => {
    let r = next() * 100;
    for (const [i, weight] of SERVICE_WEIGHTS.entries()) if ((r -= weight) < 0) return SERVICES[i];
    return SERVICES[0];
  };

  const today = dayOf(now);
  const nowHour = new Date(now - 5 * HOUR_MS).getUTCHours();
  const first = plusDays(today, -(PAST_DAYS - 1));
  const total = PAST_DAYS + AHEAD_DAYS;
  const todayIndex = PAST_DAYS - 1;
  const days = Array.from({ length: total }, (_, i) => plusDays(first, i));
  // Places taken a day: 40 up to today; ahead, fewer the further away (bookings come in over time).
  const capacity = days.map((day, i) => {
    const wd = weekday(day);
    if (wd === 0) return 0;
    if (i <= todayIndex) return VISITS_PER_DAY;
    return Math.round(VISITS_PER_DAY * Math.max(0.05, 1 - (i - todayIndex) / (AHEAD_DAYS + 3)));
  });
  const filled = days.map(() => 0);
  /** Takes the next free place on day index `i` or one of the 6 days after; out: { dayIndex, place } or null. */
  const takePlace = (i) => {
    for (let j = i; j < Math.min(i + 7, total); j++) {
      if (filled[j] < capacity[j]) {
        const slot = filled[j]++;
        return { dayIndex: j, place: (slot + j * 7) % PLACES_PER_DAY };
      }
    }
    return null;
  };

  const crews = Array.from({ length: CREWS }, (_, i) => ({
    id: uuid(),
    name: `Crew ${String(i + 1).padStart(2, "0")}`,
    members: `${pick(FIRST)} and ${pick(FIRST)}`,
    position: i,
  }));

  // --- Booked requests: each working day's places, filled by groups of visits -------------
  const seriesStarts = Array.from({ length: SERIES }, () => int(0, todayIndex - 28)).sort((a, b) => a - b);
  const groups = [];
  for (let d = 0; d < total; d++) {
    while (filled[d] < capacity[d]) {
      const isSeries = seriesStarts.length > 0 && seriesStarts[0] <= d;
      if (isSeries) seriesStarts.shift();
      const step = isSeries ? (chance(0.6) ? 7 : 14) : chance(0.7) ? 7 : 14;
      const r = next();
      const count = isSeries ? (chance(0.35) ? Infinity : int(8, 130)) : r < 0.4 ? 1 : r < 0.6 ? 2 : int(3, 8);
      const visits = [];
      for (let n = 0; n < count; n++) {
        const intended = d + n * step;
        if (intended >= total) break;
        const taken = takePlace(intended);
        if (taken) visits.push({ ...taken, occurrence: days[intended] });
      }
      groups.push({ start: d, step, isSeries, count, visits });
    }
  }

  // --- Requests: the booked ones (groups) and the others, in order of arrival -------------
  const requests = groups.map((group) => {
    const firstVisit = dayStart(days[group.start]);
    let created = firstVisit - (1 + next() * 14) * DAY_MS;
    if (created > now - 3 * HOUR_MS) created = now - (3 + next() * 96) * HOUR_MS;
    const replied = Math.min(now - 60_000, created + answerHours() * HOUR_MS);
    const scheduled = group.visits.some((visit) => visit.dayIndex >= todayIndex);
    return { created, replied, booked: group, quoted: true, status: scheduled ? "quoted" : "completed" };
  });
  const unbooked = Math.max(0, REQUESTS - requests.length);
  const span = now - dayStart(first);
  for (let i = 0; i < unbooked; i++) {
    const created = now - next() * span;
    const age = now - created;
    const r = next();
    let status;
    if (age < 3 * DAY_MS) status = r < 0.5 ? "pending" : "quoted";
    else if (age < 6 * DAY_MS && r < 0.01)
      status = "pending"; // overdue for an answer
    else status = r < 0.72 ? "quoted" : "cancelled";
    const quoted = status === "quoted" || (status === "cancelled" && chance(0.5));
    const replied = status === "pending" ? null : Math.min(now - 60_000, created + answerHours() * HOUR_MS);
    requests.push({ created, replied, booked: null, quoted, status });
  }
  requests.sort((a, b) => a.created - b.created);

  // --- Customers: 15,000, the first request of each; the rest come back -------------------
  const isNew = requests.map((_, i) => i === 0);
  const order = Array.from({ length: requests.length - 1 }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const i of order.slice(0, Math.min(CUSTOMERS, requests.length) - 1)) isNew[i] = true;
  const customers = [];
  for (const [i, request] of requests.entries()) {
    let customer;
    if (isNew[i] || customers.length === 0) {
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const n = customers.length;
      customer = {
        id: uuid(),
        name: `${firstName} ${lastName}`,
        email: `${ascii(firstName)}.${ascii(lastName)}${n}@example.com`.toLowerCase(),
        phone: `+1876${String(2_000_000 + ((n * 7919) % 7_999_999)).padStart(7, "0")}`,
        address: `${int(1, 120)} ${pick(PLACES)}, Montego Bay`,
        created: request.created,
        updated: request.created,
      };
      customers.push(customer);
    } else {
      // Customers come back: most often one of the recent ones.
      customer = chance(0.6) ? customers[customers.length - 1 - Math.floor(next() * Math.min(2000, customers.length))] : pick(customers);
      customer.updated = Math.max(customer.updated, request.created);
    }
    request.customer = customer;
    request.id = uuid();
    request.service = service();
  }

  // --- Rows --------------------------------------------------------------------------------
  const quoteRows = [];
  const replyRows = [];
  const seriesRows = [];
  const visitRows = [];
  const mailCandidates = [];
  const doneVisits = [];
  const invoices = [];
  for (const request of requests) {
    const { customer } = request;
    const amountJmd = request.booked?.isSeries ? int(10, 30) * 500 : int(12, 120) * 500;
    quoteRows.push([
      request.id,
      Math.round(request.created),
      Math.round(request.replied ?? request.created),
      customer.name,
      customer.email,
      customer.phone,
      customer.address,
      request.service,
      request.status,
      customer.id,
      reference(),
      hex(32),
      request.replied === null ? null : Math.round(request.replied),
      request.booked?.isSeries ? (request.booked.step === 7 ? "weekly" : "bi-weekly") : "one-time",
      pick(["small", "medium", "large"]),
    ]);
    mailCandidates.push([
      "notification",
      "quote_request",
      request.id,
      "owner@example.com",
      `New quote request from ${customer.name}`,
      request.created,
    ]);
    mailCandidates.push(["confirmation", "quote_request", request.id, customer.email, "We have your request", request.created + 1000]);
    if (!request.quoted) continue;
    const quoteId = uuid();
    replyRows.push([
      quoteId,
      "quote",
      "quote_request",
      request.id,
      amountJmd,
      30,
      `Hello ${customer.name}, here is our price.`,
      Math.round(request.replied),
    ]);
    mailCandidates.push(["quote", "quote_request", request.id, customer.email, "Your quote", request.replied]);
    const group = request.booked;
    if (!group) continue;
    let seriesId = null;
    if (group.isSeries) {
      seriesId = uuid();
      const last = group.visits.at(-1);
      const lastDay = last?.occurrence ?? days[group.start];
      const ended = lastDay < today;
      const place = group.visits[0]?.place ?? 0;
      seriesRows.push([
        seriesId,
        request.id,
        quoteId,
        group.step === 7 ? "FREQ=WEEKLY" : "FREQ=WEEKLY;INTERVAL=2",
        days[group.start],
        Number.isFinite(group.count) ? lastDay : null,
        WINDOWS[Math.floor(place / CREWS)][0],
        WINDOWS[Math.floor(place / CREWS)][1],
        crews[place % CREWS].id,
        ended ? "ended" : "active",
        lastDay,
        customer.address,
        request.service,
        amountJmd,
        Math.round(request.replied),
        Math.round(request.replied),
      ]);
    }
    const done = [];
    for (const visit of group.visits) {
      const day = days[visit.dayIndex];
      const [windowStart, windowEnd] = WINDOWS[Math.floor(visit.place / CREWS)];
      let status;
      if (visit.dayIndex > todayIndex) status = chance(0.02) ? "cancelled" : "scheduled";
      else if (visit.dayIndex === todayIndex) status = Number(windowEnd.slice(0, 2)) <= nowHour ? "done" : "scheduled";
      else if (visit.dayIndex >= todayIndex - 4 && chance(0.05))
        status = "scheduled"; // still to mark done
      else {
        const r = next();
        status = r < 0.93 ? "done" : r < 0.96 ? "no_show" : r < 0.975 && seriesId ? "skipped" : "cancelled";
      }
      const id = uuid();
      visitRows.push([
        id,
        request.id,
        quoteId,
        day,
        windowStart,
        windowEnd,
        status,
        customer.address,
        request.service,
        amountJmd,
        crews[visit.place % CREWS].id,
        seriesId,
        seriesId ? visit.occurrence : null,
        Math.round(request.replied) + 60_000,
        Math.round(Math.min(now, dayStart(day) + 17 * HOUR_MS)),
      ]);
      if (status === "done") {
        const row = { id, day, amountCents: amountJmd * 100, request, customer };
        done.push(row);
        doneVisits.push(row);
      }
    }
    // Invoices: a visit's own, the quote's once all its visits are done, or a series' months.
    if (seriesId) {
      const months = new Map();
      for (const visit of done) months.set(visit.day.slice(0, 7), [...(months.get(visit.day.slice(0, 7)) ?? []), visit]);
      for (const [month, visits] of months) {
        const issueDay = plusDays(`${month}-01`, 32).slice(0, 7) + "-01";
        if (issueDay > today) continue;
        invoices.push({ purpose: "month", period: month, issueDay, workDay: visits.at(-1).day, visits, request, customer });
      }
    } else if (group.visits.length <= INVOICE_PER_VISIT_UP_TO) {
      for (const visit of done)
        invoices.push({ purpose: "visit", issueDay: visit.day, workDay: visit.day, visits: [visit], request, customer });
    } else if (done.length > 0 && group.visits.every((visit) => visit.dayIndex < todayIndex)) {
      const lastDay = done.at(-1).day;
      invoices.push({ purpose: "quote", issueDay: lastDay, workDay: lastDay, visits: done, request, customer });
    }
  }

  const customerRows = customers.map((customer) => [
    customer.id,
    Math.round(customer.created),
    Math.round(customer.updated),
    customer.name,
    customer.email,
    customer.phone,
  ]);

  // --- Invoices, their lines, how they are issued, and their payments ----------------------
  invoices.sort((a, b) => (a.issueDay < b.issueDay ? -1 : a.issueDay > b.issueDay ? 1 : 0));
  const seqOfYear = new Map();
  const invoiceRows = [];
  const lineRows = [];
  const issueRows = [];
  const paymentRows = [];
  for (const invoice of invoices) {
    const id = uuid();
    const year = invoice.issueDay.slice(0, 4);
    const seq = (seqOfYear.get(year) ?? 0) + 1;
    seqOfYear.set(year, seq);
    const series = `INV-${year}`;
    const subtotal = invoice.visits.reduce((sum, visit) => sum + visit.amountCents, 0);
    const dueDay = plusDays(invoice.workDay, 14) < invoice.issueDay ? invoice.issueDay : plusDays(invoice.workDay, 14);
    const issuedAt = Math.min(now - 60_000, dayStart(invoice.issueDay) + 17 * HOUR_MS);
    const { customer, request } = invoice;
    invoiceRows.push([
      id,
      invoice.purpose,
      customer.id,
      request.id,
      invoice.purpose === "visit" ? invoice.visits[0].id : null,
      invoice.period ?? null,
      customer.name,
      customer.email,
      customer.phone,
      customer.address,
      dueDay,
      subtotal,
      subtotal,
      issuedAt,
    ]);
    for (const [position, visit] of invoice.visits.entries()) {
      lineRows.push([uuid(), id, position + 1, `Cleaning visit, ${visit.day}`, visit.amountCents, visit.amountCents, visit.id]);
    }
    issueRows.push([id, series, seq, `${series}-${String(seq).padStart(4, "0")}`, invoice.issueDay, hex(32), issuedAt]);
    mailCandidates.push(["invoice", "invoice", id, customer.email, `Invoice ${series}-${String(seq).padStart(4, "0")}`, issuedAt]);
    const recent = dayStart(invoice.issueDay) > now - 45 * DAY_MS;
    if (!chance(recent ? 0.55 : 0.985)) continue;
    const paidDay = (lagDays) => {
      const day = plusDays(invoice.issueDay, lagDays);
      return day > today ? today : day;
    };
    const lag = Math.min(30, Math.floor(-Math.log(1 - next()) * 5));
    const parts = chance(0.12) && subtotal >= 200 ? [Math.round(subtotal * 0.4), subtotal - Math.round(subtotal * 0.4)] : [subtotal];
    for (const [k, amount] of parts.entries()) {
      const paidOn = paidDay(lag + k * int(3, 20));
      const at = Math.min(now - 60_000, dayStart(paidOn) + 15 * HOUR_MS);
      paymentRows.push([uuid(), id, pick(METHODS), amount, paidOn, `scale-${paymentRows.length}`, at]);
      if (k === parts.length - 1) mailCandidates.push(["receipt", "invoice", id, customer.email, "Thank you for your payment", at]);
    }
  }

  // --- Reviews of done visits ---------------------------------------------------------------
  const reviewRows = [];
  const everyN = doneVisits.length / REVIEWS;
  for (let k = 0; k < Math.min(REVIEWS, doneVisits.length); k++) {
    const visit = doneVisits[Math.floor(k * everyN + next() * everyN)];
    const later = plusDays(visit.day, int(1, 4));
    const reviewedOn = later > today ? today : later;
    const r = next();
    const rating = r < 0.65 ? 5 : r < 0.87 ? 4 : r < 0.95 ? 3 : r < 0.98 ? 2 : 1;
    const at = Math.min(now - 60_000, dayStart(reviewedOn) + 20 * HOUR_MS);
    const [firstName, lastName] = visit.customer.name.split(" ");
    reviewRows.push([
      uuid(),
      `${firstName} ${lastName[0]}.`,
      pick(PLACES),
      visit.request.service,
      rating,
      rating >= 4 ? "On time, thorough, and friendly. Would book again." : "The crew came late and missed a room.",
      reviewedOn,
      reviewedOn >= plusDays(today, -10) ? 0 : 1,
      at,
      at,
      visit.id,
    ]);
  }

  // --- Contact messages and the answers to them ---------------------------------------------
  const messageRows = [];
  const byCreated = customers; // already in order of their first request
  for (let i = 0; i < MESSAGES; i++) {
    const created = now - next() * span;
    let known = 0;
    for (let lo = 0, hi = byCreated.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (byCreated[mid].created <= created) lo = known = mid + 1;
      else hi = mid;
    }
    const customer = byCreated[Math.floor(next() * Math.max(1, known))];
    const age = now - created;
    const r = next();
    const status = age < 3 * DAY_MS ? (r < 0.5 ? "unread" : r < 0.7 ? "read" : "responded") : r < 0.8 ? "responded" : "read";
    const replied = status === "responded" ? Math.min(now - 60_000, created + answerHours() * HOUR_MS) : null;
    const id = uuid();
    messageRows.push([
      id,
      Math.round(created),
      Math.round(replied ?? created),
      customer.name,
      customer.email,
      customer.phone,
      "Do you clean louvre windows and the patio? We have two dogs.",
      status,
      customer.id,
      reference(),
      hex(32),
      replied === null ? null : Math.round(replied),
    ]);
    mailCandidates.push(["notification", "contact_message", id, "owner@example.com", `New message from ${customer.name}`, created]);
    mailCandidates.push(["confirmation", "contact_message", id, customer.email, "We have your message", created + 1000]);
    if (replied !== null) {
      replyRows.push([uuid(), "reply", "contact_message", id, null, null, `Hello ${customer.name}, yes we do.`, Math.round(replied)]);
      mailCandidates.push(["reply", "contact_message", id, customer.email, "Re: your message", replied]);
    }
  }

  // --- The outbox: exactly MAILS of the mails the records above would have sent, evenly ---
  const mailRows = [];
  const kept = Math.min(MAILS, mailCandidates.length);
  for (let k = 0; k < kept; k++) {
    const [kind, entity, entityId, to, subject, at] = mailCandidates[Math.floor((k * mailCandidates.length) / kept)];
    const sentAt = Math.round(at) + 5_000;
    const fresh = at > now - HOUR_MS;
    const status = fresh ? "queued" : chance(0.004) ? "failed" : "sent";
    mailRows.push([
      uuid(),
      kind,
      entity,
      entityId,
      to,
      subject,
      "Hello,\n\nThank you.\n\nMontego Bay Cleaning Services",
      status,
      status === "queued" ? 0 : status === "failed" ? 5 : 1,
      status === "failed" ? "550 mailbox unavailable" : null,
      Math.round(at),
      status === "queued" ? Math.round(at) : sentAt,
      status === "sent" ? sentAt : null,
    ]);
  }

  const photoRows = Array.from({ length: PHOTOS }, () => {
    const at = Math.round(now - next() * span);
    return [hex(32), "image/webp", 1600, 1200, int(80_000, 600_000), at];
  });

  const crewRows = crews.map((crew) => [crew.id, crew.name, crew.members, crew.position, Math.round(now - span), Math.round(now - span)]);

  const tables = {
    crews: {
      columns: "id, name, members, position, created_at, updated_at",
      extra: "working_days, active",
      extraValues: "'[1,2,3,4,5,6]', 1",
      rows: crewRows,
    },
    customers: { columns: "id, created_at, updated_at, name, email, phone", rows: customerRows },
    quote_requests: {
      columns:
        "id, created_at, updated_at, name, email, phone, address, service_type, status, customer_id, reference, status_token, first_reply_at, frequency, property_size",
      rows: quoteRows,
    },
    customer_replies: { columns: "id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at", rows: replyRows },
    visit_series: {
      columns:
        "id, quote_request_id, quote_id, rrule, dtstart, until, window_start, window_end, crew_id, status, generated_through, address, service_type, amount_jmd, created_at, updated_at",
      rows: seriesRows,
    },
    visits: {
      columns:
        "id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, series_id, occurrence_day, created_at, updated_at",
      rows: visitRows,
    },
    invoices: {
      columns:
        "id, purpose, customer_id, quote_request_id, visit_id, period, bill_to_name, bill_to_email, bill_to_phone, bill_to_address, due_date, subtotal_cents, total_cents, created_at",
      extra: "kind, status, tax_cents, updated_at",
      extraValues: "'invoice', 'draft', 0, value ->> 13",
      rows: invoiceRows,
    },
    invoice_lines: {
      columns: "id, invoice_id, position, description, unit_cents, amount_cents, visit_id",
      extra: "quantity",
      extraValues: "1",
      rows: lineRows,
    },
    payments: {
      columns: "id, invoice_id, method, amount_cents, paid_on, idempotency_key, created_at",
      extra: "kind",
      extraValues: "'payment'",
      rows: paymentRows,
    },
    reviews: {
      columns: "id, author, area, service_type, rating, body, reviewed_on, published, created_at, updated_at, visit_id",
      extra: "verified",
      extraValues: "1",
      rows: reviewRows,
    },
    contact_messages: {
      columns: "id, created_at, updated_at, name, email, phone, message, status, customer_id, reference, status_token, first_reply_at",
      rows: messageRows,
    },
    mail_deliveries: {
      columns: "id, kind, entity, entity_id, to_address, subject, body_text, status, attempts, last_error, created_at, updated_at, sent_at",
      rows: mailRows,
    },
    gallery_photos: { columns: "id, content_type, width, height, size_bytes, created_at", rows: photoRows },
  };
  return {
    tables,
    issues: issueRows,
    stats: { today, first, groups: groups.length, series: seriesRows.length, booked: groups.length, unbooked },
  };
}

/** The INSERT of a table's rows from a JSON array of arrays (`columns` in order, then constant `extra` columns). */
function insertSql(table, { columns, extra, extraValues }) {
  const names = columns.split(",").map((name) => name.trim());
  const values = names.map((_, i) => `value ->> ${i}`);
  return `INSERT INTO ${table} (${names.join(", ")}${extra ? `, ${extra}` : ""}) SELECT ${values.join(", ")}${extra ? `, ${extraValues}` : ""} FROM json_each(?)`;
}

/** The ONE UPDATE per chunk that issues drafts: status, series, seq, number, issue day, token and when (migrations/0016_billing_guards.sql). */
const ISSUE_SQL = `UPDATE invoices SET status = 'issued', series = j.value ->> 1, seq = j.value ->> 2, number = j.value ->> 3,
  issue_date = j.value ->> 4, token = j.value ->> 5, issued_at = j.value ->> 6, updated_at = j.value ->> 6
  FROM json_each(?) AS j WHERE invoices.id = j.value ->> 0 AND invoices.status = 'draft'`;

/** Runs statements `STATEMENTS_PER_BATCH` at a time. */
async function inBatches(db, statements) {
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
}

/** `rows` cut into JSON chunks of ROWS. */
function chunks(rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS) out.push(JSON.stringify(rows.slice(i, i + ROWS)));
  return out;
}

/** The tables the set fills, for the counts printed after a fill. */
export const SCALE_TABLES = [
  "crews",
  "customers",
  "quote_requests",
  "customer_replies",
  "visit_series",
  "visits",
  "invoices",
  "invoice_lines",
  "payments",
  "reviews",
  "contact_messages",
  "mail_deliveries",
  "gallery_photos",
];

/**
 * Fills the five-years set into an empty migrated database. In: a D1 binding (getPlatformProxy),
 * `now` (ms) and the generator's `seed`. Invoices are written as drafts with their lines, then
 * issued by one UPDATE per chunk of 1,000, then paid. Out: { counts: rows per table (read back),
 * seconds (the whole fill), buildSeconds (the rows made in memory), today, first (ISO days) }.
 * Throws on the first statement D1 refuses (a CHECK, a trigger, a unique index).
 */
export async function fillScale(db, { now = Date.now(), seed = 2026 } = {}) {
  const started = Date.now();
  const { tables, issues, stats } = buildScale({ now, seed });
  const buildSeconds = (Date.now() - started) / 1000;
  await db.prepare("UPDATE billing_settings SET payment_terms_days = 14 WHERE id = 1").run();
  for (const [table, spec] of Object.entries(tables)) {
    if (table === "invoice_lines" || table === "payments") continue; // with the invoices, below
    if (table === "invoices") {
      // Per chunk: the drafts, their lines, then the one UPDATE that issues them.
      const insertInvoices = db.prepare(insertSql("invoices", spec));
      const insertLines = db.prepare(insertSql("invoice_lines", tables.invoice_lines));
      const issue = db.prepare(ISSUE_SQL);
      const linesOf = new Map();
      for (const line of tables.invoice_lines.rows) linesOf.set(line[1], [...(linesOf.get(line[1]) ?? []), line]);
      for (let i = 0; i < spec.rows.length; i += ROWS) {
        const drafts = spec.rows.slice(i, i + ROWS);
        const lines = drafts.flatMap((draft) => linesOf.get(draft[0]) ?? []);
        await db.batch([
          insertInvoices.bind(JSON.stringify(drafts)),
          ...chunks(lines).map((json) => insertLines.bind(json)),
          issue.bind(JSON.stringify(issues.slice(i, i + ROWS))),
        ]);
      }
      const insertPayments = db.prepare(insertSql("payments", tables.payments));
      await inBatches(
        db,
        chunks(tables.payments.rows).map((json) => insertPayments.bind(json)),
      );
      continue;
    }
    const insert = db.prepare(insertSql(table, spec));
    await inBatches(
      db,
      chunks(spec.rows).map((json) => insert.bind(json)),
    );
  }
  const counts = {};
  for (const table of SCALE_TABLES) counts[table] = (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first()).n;
  const issued = (await db.prepare("SELECT count(*) AS n FROM invoices WHERE status = 'issued'").first()).n;
  if (issued !== counts.invoices) throw new Error(`${counts.invoices - issued} invoices were not issued`);
  return { counts, seconds: (Date.now() - started) / 1000, buildSeconds, today: stats.today, first: stats.first };
}

/** What a fill made, as one line a table for console.table. */
export function countsTable(counts) {
  return Object.fromEntries(Object.entries(counts).map(([table, n]) => [table, { rows: n }]));
}

// Alone: `node scripts/bench-scale.mjs --persist-to DIR [--fresh]`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--persist-to");
  const state = at !== -1 ? args[at + 1] : ".wrangler/state";
  if (args.includes("--fresh")) {
    rmSync(state, { recursive: true, force: true });
    await run("node", ["scripts/db-migrate.mjs", "--persist-to", state]);
  }
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ persist: { path: `${state}/v3` } });
  try {
    const { counts, seconds, buildSeconds, today, first } = await fillScale(proxy.env.DB);
    console.log(
      `The five-years set, ${first} to ${today} and 60 days ahead, in ${state}: ${seconds.toFixed(1)} s (rows made in ${buildSeconds.toFixed(1)} s).`,
    );
    console.table(countsTable(counts));
  } finally {
    await proxy.dispose();
  }
}
