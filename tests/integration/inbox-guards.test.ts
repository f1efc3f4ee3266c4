/**
 * The guards of the inbox's writes, run on real D1 (Miniflare) through the same Drizzle
 * statements the Worker sends (docs/architecture.md §4.5, §4.16): a record that another admin
 * changes between the read and the batch makes a status step or a quote write nothing at
 * all; a note needs its record; a kind holds at most MAX_TEMPLATES_PER_KIND templates.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as schema from "../../drizzle/schema";
import { MAX_TEMPLATES_PER_KIND } from "~/domain/limits";
import { addNote, saveTemplate, sendQuote, sendReply, updateStatus } from "~/server/inbox";
import type { Database } from "~/server/platform";
import type { MailQueueMessage } from "~/server/mail";
import { createAdminSession, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let adminId: string;
beforeAll(async () => {
  worker = await startWorker();
  adminId = (await createAdminSession(worker)).userId;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["quote_requests", "contact_messages", "status_changes", "customer_replies", "mail_deliveries", "record_notes", "reply_templates"].map(
      (table) => worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

const database = () => drizzle(worker.db, { schema }) as unknown as Database;

/** A client whose next batch first lets "another admin" run `meddle` (after the record was read). */
function meddlingDatabase(meddle: string, id: string): Database {
  const db = database();
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return async (statements: Parameters<Database["batch"]>[0]) => {
        await worker.db.prepare(meddle).bind(id).run();
        return target.batch(statements);
      };
    },
  });
}

async function insertQuote(status = "pending") {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES (?, 1, 1, 'Q', 'q@example.com', '8765550100', 'A', 'residential', ?, ?, ?)",
    )
    .bind(id, status, `MB-${id.slice(0, 5).toUpperCase()}`, id.replaceAll("-", ""))
    .run();
  return id;
}

async function insertMessage(status = "unread") {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status, reference, status_token) VALUES (?, 1, 1, 'M', 'm@example.com', 'Hi', ?, ?, ?)",
    )
    .bind(id, status, `MB-${id.slice(0, 5).toUpperCase()}`, id.replaceAll("-", ""))
    .run();
  return id;
}

const countOf = async (table: string) => worker.db.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n");

/** A queue that records what it was given. */
function recordingQueue() {
  const sent: MailQueueMessage[] = [];
  return { sent, queue: { send: async (message: MailQueueMessage) => void sent.push(message) } as unknown as Queue<MailQueueMessage> };
}

const company = {
  name: "Co",
  phone: "876 555 0100",
  email: "co@example.com",
  whatsapp: "18765550100",
  socialUrl: null,
};
const terms = { amountJmd: 14500, validDays: 14, message: "Here is your quote." };

describe("a record changed meanwhile", () => {
  test("a status step writes neither the step nor its audit row", async () => {
    const id = await insertQuote();
    const db = meddlingDatabase("UPDATE quote_requests SET status = 'cancelled' WHERE id = ?", id);
    expect(await updateStatus(db, "quote_request", id, "quoted", adminId)).toBe("not-allowed");
    expect(await worker.db.prepare("SELECT status, first_reply_at FROM quote_requests").first()).toEqual({
      status: "cancelled",
      first_reply_at: null,
    });
    expect(await countOf("status_changes")).toBe(0);
  });

  test("a quote writes no outbox row, no reply, no audit row and no status, and queues nothing", async () => {
    const id = await insertQuote();
    const { sent, queue } = recordingQueue();
    const context = { queue, company, siteUrl: "https://example.com", actorUserId: adminId };
    const db = meddlingDatabase("UPDATE quote_requests SET status = 'completed' WHERE id = ?", id);
    expect(await sendQuote({ ...context, db }, id, terms)).toBe("conflict");
    for (const table of ["mail_deliveries", "customer_replies", "status_changes"]) expect(await countOf(table)).toBe(0);
    expect(await worker.db.prepare("SELECT status, first_reply_at FROM quote_requests").first()).toEqual({
      status: "completed",
      first_reply_at: null,
    });
    expect(sent).toEqual([]);

    // Unchanged, the same quote is written whole and queued once.
    const other = await insertQuote();
    expect(await sendQuote({ ...context, db: database() }, other, terms)).toBe("sent");
    for (const table of ["mail_deliveries", "customer_replies", "status_changes"]) expect(await countOf(table)).toBe(1);
    expect(await worker.db.prepare("SELECT status FROM quote_requests WHERE id = ?").bind(other).first("status")).toBe("quoted");
    expect(sent).toHaveLength(1);
  });

  test("a reply to a message read meanwhile writes nothing", async () => {
    const id = await insertMessage();
    const { sent, queue } = recordingQueue();
    const db = meddlingDatabase("UPDATE contact_messages SET status = 'read' WHERE id = ?", id);
    const context = { db, queue, company, siteUrl: "https://example.com", actorUserId: adminId };
    expect(await sendReply(context, id, "Yes.")).toBe("conflict");
    for (const table of ["mail_deliveries", "customer_replies", "status_changes"]) expect(await countOf(table)).toBe(0);
    expect(sent).toEqual([]);
  });
});

test("a note is written only while its record exists", async () => {
  const id = await insertMessage();
  expect(await addNote(database(), "contact_message", crypto.randomUUID(), "Lost", adminId)).toBe("not-found");
  expect(await addNote(database(), "quote_request", id, "Wrong kind", adminId)).toBe("not-found");
  expect(await addNote(database(), "contact_message", id, "Called back", adminId)).toBe("added");
  expect(await worker.db.prepare("SELECT entity, entity_id, body FROM record_notes").all()).toMatchObject({
    results: [{ entity: "contact_message", entity_id: id, body: "Called back" }],
  });
});

test("a kind holds at most MAX_TEMPLATES_PER_KIND templates: the insert itself refuses the next", async () => {
  await worker.db.batch(
    Array.from({ length: MAX_TEMPLATES_PER_KIND - 1 }, (_, index) =>
      worker.db
        .prepare("INSERT INTO reply_templates (id, kind, name, body, updated_at) VALUES (?, 'quote', ?, 'Hello {name}', 1)")
        .bind(crypto.randomUUID(), `Quote ${index}`),
    ),
  );
  const db = database();
  const save = (kind: "quote" | "reply", name: string) => saveTemplate(db, { kind, name, body: "Hello {name}" }, adminId);
  expect(await save("quote", "The last one")).toBe("saved");
  expect(await save("quote", "One too many")).toBe("too-many");
  expect(await save("reply", "Another kind")).toBe("saved");
  expect(await countOf("reply_templates")).toBe(MAX_TEMPLATES_PER_KIND + 1);
  expect(await saveTemplate(db, { id: crypto.randomUUID(), kind: "quote", name: "Gone", body: "Hi" }, adminId)).toBe("not-found");
});
