/**
 * The reminder the day before each visit (the daily cron, server.ts `scheduled`): one e-mail
 * per visit scheduled for tomorrow in Jamaica, through the mail queue. A visit is claimed
 * (`reminder_sent_at`) before its mail is queued, so a second run of the cron sends nothing
 * again; a cancelled visit is no longer `scheduled` and gets none.
 */
import { and, eq, isNull } from "drizzle-orm";
import { plusDays, visitLabel } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { quoteRequests, visits } from "../../../drizzle/schema";
import { enqueueMail, type MailQueueEnv, visitReminderMail } from "~/server/mail";
import { type Database, readSiteUrl } from "~/server/platform";
import { readCompany } from "~/server/site";

/** Queues tomorrow's reminders. In: the client, the Worker's env, the cron's time. Out: how many were queued. */
export async function sendVisitReminders(db: Database, env: CloudflareBindings & MailQueueEnv, now: Date): Promise<number> {
  const tomorrow = plusDays(todayInJamaica(now), 1);
  const due = await db
    .select({ visit: visits, request: quoteRequests })
    .from(visits)
    .innerJoin(quoteRequests, eq(visits.quoteRequestId, quoteRequests.id))
    .where(and(eq(visits.day, tomorrow), eq(visits.status, "scheduled"), isNull(visits.reminderSentAt)));
  let queued = 0;
  for (const { visit, request } of due) {
    if (!request.reference || !request.statusToken) continue;
    // Claimed only as read: still scheduled for tomorrow, not reminded (a move in between is not claimed).
    const [claimed] = await db
      .update(visits)
      .set({ reminderSentAt: now })
      .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled"), eq(visits.day, tomorrow), isNull(visits.reminderSentAt)))
      .returning();
    if (!claimed) continue;
    const mail = visitReminderMail(
      { email: request.email, reference: request.reference, statusToken: request.statusToken },
      visitLabel(claimed),
      claimed.address,
      await readCompany(env, db),
      readSiteUrl(env),
    );
    await enqueueMail(db, env, mail, { kind: "confirmation", entity: "quote_request", entityId: request.id });
    queued++;
  }
  return queued;
}
