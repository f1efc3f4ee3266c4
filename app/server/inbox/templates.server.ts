/**
 * Reply templates (docs/product.md §10 "Reply templates"): listed, added, edited and deleted
 * on /admin/templates (app/routes/admin/templates/templates.server.ts); offered on record pages as the starting
 * text of a quote's message or a reply, with their placeholders filled (app/domain/templates.ts).
 */
import { asc, count, eq, lt } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { type ReplyTemplate, replyTemplates } from "../../../drizzle/schema";
import type { CustomerReplyKind } from "~/domain/enumerations";
import { MAX_TEMPLATES_PER_KIND } from "~/domain/limits";
import type { SaveTemplateInput } from "~/forms/customer-reply";
import { type Database, insertWhere } from "~/server/platform";

/** Every template, by kind then name. */
export function listTemplates(db: Database): Promise<ReplyTemplate[]> {
  return db.select().from(replyTemplates).orderBy(asc(replyTemplates.kind), asc(replyTemplates.name));
}

/** The templates of one kind, by name. */
export function templatesOf(db: Database, kind: CustomerReplyKind): Promise<ReplyTemplate[]> {
  return db.select().from(replyTemplates).where(eq(replyTemplates.kind, kind)).orderBy(asc(replyTemplates.name));
}

/**
 * Adds a template (no `id`) or changes one. A kind holds at most MAX_TEMPLATES_PER_KIND: the
 * insert itself refuses the next (`INSERT … SELECT … WHERE (the kind's count) < the limit`).
 * Out: "saved", "not-found" (an id that does not exist) or "too-many". Throws when D1 fails.
 */
export async function saveTemplate(
  db: Database,
  input: Omit<SaveTemplateInput, "intent">,
  actorUserId: string,
  now: Date = new Date(),
): Promise<"saved" | "not-found" | "too-many"> {
  const fields = { kind: input.kind, name: input.name, body: input.body, updatedByUserId: actorUserId, updatedAt: now };
  if (input.id) {
    const result = await db.update(replyTemplates).set(fields).where(eq(replyTemplates.id, input.id)).run();
    return result.meta.changes === 1 ? "saved" : "not-found";
  }
  const ofKind = new QueryBuilder().select({ n: count() }).from(replyTemplates).where(eq(replyTemplates.kind, input.kind));
  const result = await insertWhere(db, replyTemplates, { id: crypto.randomUUID(), ...fields }, lt(ofKind, MAX_TEMPLATES_PER_KIND)).run();
  return result.meta.changes === 1 ? "saved" : "too-many";
}

/** Deletes a template. Out: "deleted" or "not-found". */
export async function deleteTemplate(db: Database, id: string): Promise<"deleted" | "not-found"> {
  const result = await db.delete(replyTemplates).where(eq(replyTemplates.id, id)).run();
  return result.meta.changes === 1 ? "deleted" : "not-found";
}
