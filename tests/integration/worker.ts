/**
 * Runs the bundled production Worker in Miniflare with the bindings of wrangler.toml and
 * fresh in-memory D1 and R2, migrated with the project's own SQL migrations.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { createCookie } from "@remix-run/cloudflare";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { D1_CLIENT_SCRIPT, d1Client, sendTo } from "./d1-client";
import { CONSOLE_MAIL_PREFIX } from "~/server/mail";
import { SESSION_LIFETIME_MS, sessionIdOf } from "~/server/auth";

export const WORKER_BUNDLE_DIR = ".cache/worker";
/** The signing secret the test Worker runs with (tests may rotate it through `bindings`). */
export const TEST_SESSION_SECRET = "test-secret-0123456789abcdef0123456789";

export interface TestWorker {
  mf: Miniflare;
  /** The loopback URL Miniflare serves on; requests carry it as Host, forms as Origin. */
  origin: string;
  db: D1Database;
  bucket: R2Bucket;
  /** Sends a request to the Worker; `path` is relative to `origin`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Every R2 key in the bucket. */
  listKeys(): Promise<string[]>;
  /** Lines the Worker printed to its console so far (console.log/error). */
  output(): string[];
  /** E-mails sent through the console mail transport so far. */
  mails(): Array<{
    to: string;
    subject: string;
    links: string[];
    text: string;
    html: string;
    replyTo?: string;
    attachments?: Array<{ filename: string; type: string; content: string }>;
  }>;
  /** With `mailService`: the e-mails the stand-in Email Service accepted so far. */
  deliveredMails(): Array<{ from: string; to: string; subject: string; text: string; html: string; replyTo?: string }>;
  dispose(): Promise<void>;
}

export interface StartOptions {
  /** Variables to set or override (as `[vars]` or secrets would). */
  bindings?: Record<string, string>;
  /**
   * Answers the Worker's own outgoing fetches (a third party such as Turnstile's siteverify);
   * without it they fail, as every test machine is offline.
   */
  outbound?: (request: Request) => Response | Promise<Response>;
  /**
   * Sends e-mail with MAIL_TRANSPORT "cloudflare" through a stand-in for Cloudflare Email
   * Service (the `EMAIL` binding, a second Worker called over RPC) that refuses the first
   * `failures` tries of each message (same recipient and subject; Infinity: every try), then
   * accepts. Retries are immediate
   * (MAIL_RETRY_BASE_SECONDS 0) unless `bindings` says otherwise.
   */
  mailService?: { failures: number };
  /** False: the Worker runs without its MAIL_QUEUE binding, so every queue send fails. */
  mailQueue?: false;
  /**
   * A directory for the Cache API's entries, kept after `dispose()` (as an edge location keeps
   * its cache across deploys); without it they are in memory and go with the Worker.
   */
  cachePersist?: string;
  /** The loopback port to serve on (and the SITE_URL's); default: one nothing listens on. */
  port?: number;
  /**
   * A local state directory (as `npm start`'s .wrangler/state: D1, R2 and KV under `<dir>/v3`)
   * instead of fresh in-memory storage, kept after `dispose()`; its D1 is used as it is (migrate
   * it first: `npm run db:migrate -- --persist-to DIR`), no migration is applied.
   */
  persistTo?: string;
}

/** The name of the Worker that runs the tests' own D1 statements. */
const D1_CLIENT = "d1-client";

/** The prefix of the stand-in Email Service's log line for each accepted message. */
const DELIVERED_PREFIX = "EMAIL_SERVICE_ACCEPTED ";

/** The stand-in Email Service: `send(message)` as the send_email binding has it. */
function mailServiceScript(failures: number): string {
  return `import { WorkerEntrypoint } from "cloudflare:workers";
const calls = new Map();
export default class EmailService extends WorkerEntrypoint {
  async send(message) {
    const key = message.to + "\\n" + message.subject;
    const call = (calls.get(key) ?? 0) + 1;
    calls.set(key, call);
    if (call <= ${Number.isFinite(failures) ? failures : Number.MAX_SAFE_INTEGER}) throw new Error("Email Service unavailable (try " + call + ")");
    console.log(${JSON.stringify(DELIVERED_PREFIX)} + JSON.stringify(message));
    return { messageId: "stand-in-" + call };
  }
}`;
}

/** A loopback port nothing listens on now, so the Worker's SITE_URL can name it before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startWorker(options: StartOptions = {}): Promise<TestWorker> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const port = options.port ?? (await freePort());
  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream) => {
    let pending = "";
    stream.on("data", (chunk: Buffer) => {
      const parts = (pending + chunk.toString("utf8")).split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts);
    });
  };
  const mailService = options.mailService;
  const site = {
    ...workerOptions,
    bindings: {
      ...(workerOptions.bindings as Record<string, unknown>),
      SESSION_SECRET: TEST_SESSION_SECRET,
      // The site's own address is where the tests reach it (links in e-mails point here).
      SITE_URL: `http://127.0.0.1:${port}`,
      ...(mailService
        ? { MAIL_TRANSPORT: "cloudflare", MAIL_FROM: "bookings@montegobaycleaning.example", MAIL_RETRY_BASE_SECONDS: "0" }
        : {}),
      ...options.bindings,
    },
    // The bundle is self-contained; wrangler.toml's `main` is the unbundled source.
    // Listed explicitly: the bundle keeps a dynamic import() that Miniflare cannot follow.
    modules: [{ type: "ESModule", path: join(WORKER_BUNDLE_DIR, "server.js") }],
    ...(options.outbound ? { outboundService: options.outbound } : {}),
    ...(mailService ? { serviceBindings: { EMAIL: "email-service" } } : {}),
    ...(options.mailQueue === false ? { queueProducers: {} } : {}),
    ...(options.cachePersist ? { cachePersist: options.cachePersist } : {}),
    modulesRules: undefined,
    assets: undefined,
  };
  const shared = {
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      collect(stdout);
      collect(stderr);
    },
    host: "127.0.0.1",
    port,
    ...(options.persistTo ? { defaultPersistRoot: join(options.persistTo, "v3") } : {}),
    // The Worker's own console.error lines (failed stores, cleanup) show in the test output.
    log: new Log(process.env.MINIFLARE_LOG === "debug" ? LogLevel.DEBUG : LogLevel.ERROR),
  };
  const compatibilityDate = (workerOptions as { compatibilityDate?: string }).compatibilityDate;
  const mf = new Miniflare({
    ...shared,
    workers: [
      // The first worker is the one requests go to.
      { name: "site", ...site },
      // The tests' handle on the same D1 database (d1-client.ts).
      { name: D1_CLIENT, modules: true, compatibilityDate, script: D1_CLIENT_SCRIPT, d1Databases: workerOptions.d1Databases },
      ...(mailService
        ? [{ name: "email-service", modules: true, compatibilityDate, script: mailServiceScript(mailService.failures) }]
        : []),
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
  const origin = (await mf.ready).origin;
  const db = d1Client(sendTo(await mf.getWorker(D1_CLIENT)));
  const bucket = (await mf.getR2Bucket("UPLOADS")) as unknown as R2Bucket;
  if (!options.persistTo) await migrate(db);
  return {
    mf,
    origin,
    db,
    bucket,
    fetch: (path, init = {}) => {
      // Each request comes from a fresh client address unless the test sets one.
      const headers = new Headers(init.headers);
      if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", newClientIp());
      return mf.dispatchFetch(new URL(path, origin), { ...init, headers } as never) as unknown as Promise<Response>;
    },
    async listKeys() {
      const listed = await bucket.list();
      return listed.objects.map((object) => object.key);
    },
    output: () => [...lines],
    mails: () => linesAfter(lines, CONSOLE_MAIL_PREFIX),
    deliveredMails: () => linesAfter(lines, DELIVERED_PREFIX),
    dispose: () => mf.dispose(),
  };
}

/** The JSON objects printed after `prefix` in `lines`. */
function linesAfter<T>(lines: string[], prefix: string): T[] {
  return lines
    .map((line) => line.slice(line.indexOf(prefix)))
    .filter((line) => line.startsWith(prefix))
    .map((line) => JSON.parse(line.slice(prefix.length)) as T);
}

/** Applies migrations/*.sql in order, statement by statement, as wrangler would. */
async function migrate(db: D1Database) {
  const files = readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort();
  for (const file of files) {
    const statements = readFileSync(join("migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db.batch(statements.map((statement) => db.prepare(statement)));
  }
}

/**
 * Serialises a FormData the way a browser does and returns the raw request parts, so tests
 * can send it as is or damage it on purpose.
 */
export async function encodeMultipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    contentType: request.headers.get("Content-Type")!,
  };
}

let clients = 0;
/** A fresh client address, so each test has its own rate-limit budget. */
export function newClientIp(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * Posts `form` as multipart/form-data, like a browser with JavaScript off, from a new client
 * address unless `ip` is given; `headers` add to those (a Cookie). Redirects are not followed.
 */
export async function postForm(
  worker: TestWorker,
  path: string,
  form: FormData,
  ip = newClientIp(),
  headers: Record<string, string> = {},
): Promise<Response> {
  const { body, contentType } = await encodeMultipart(form);
  return worker.fetch(path, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": contentType, Origin: worker.origin, "CF-Connecting-IP": ip, ...headers },
  });
}

/**
 * Posts `fields` urlencoded, as a form without files is sent by a browser with JavaScript off,
 * from the site's own origin; redirects are not followed. `headers` add to or override those.
 */
export function postFields(worker: TestWorker, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return worker.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { Origin: worker.origin, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** The cookies a response sets, as one Cookie header value (`name=value; …`; cleared ones left out). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Follows a post's redirect with its flash cookie, as the browser would; returns the page. */
export async function followRedirect(worker: TestWorker, response: Response): Promise<Response> {
  const location = response.headers.get("Location");
  if (!location) throw new Error(`No redirect (status ${response.status})`);
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return worker.fetch(location, { headers: { Cookie: cookie } });
}

/**
 * Polls `read` (sync or async) every 50 ms until it returns something (e-mails are sent after
 * the response, through the mail queue); gives up after `timeoutMs` (10 s: far beyond what a
 * loaded 2-core machine needs for one queue round; tests of retries allow more).
 */
export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  for (let i = 0; i < timeoutMs / 50; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * Sends requests from one client until the rate limit refuses one (429), for the
 * `[[ratelimits]]` bindings of wrangler.toml. Miniflare counts them in fixed windows aligned to
 * the clock's minute (node_modules/miniflare/dist/src/workers/ratelimit/ratelimit.worker.js), so
 * a burst that crosses a window's edge gets a second budget: at most 2 × `limit` + 1 requests are
 * sent. In: the binding's limit per window and `send(i)`, the i-th request. Out: every status, in
 * order, and the last response (unread, so its page can be checked).
 */
export async function sendUntilRefused(
  limit: number,
  send: (i: number) => Promise<Response>,
): Promise<{ statuses: number[]; last: Response }> {
  const statuses: number[] = [];
  let last: Response | undefined;
  while (statuses.length <= 2 * limit && statuses.at(-1) !== 429) {
    if (last) await last.body?.cancel();
    last = await send(statuses.length);
    statuses.push(last.status);
  }
  return { statuses, last: last! };
}

/**
 * An account with a session made straight in D1 (no sign-in, so no password hashing or rate
 * limit): the Cookie header a browser signed in as it would send.
 * In: the worker and the role. Out: the account's id and e-mail, the Cookie header and the
 * session's D1 id.
 */
export async function createAdminSession(
  worker: TestWorker,
  role: "admin" | "user" = "admin",
): Promise<{ userId: string; email: string; cookie: string; sessionId: string }> {
  const userId = crypto.randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@example.com`;
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, 'not-a-hash', ?, ?, ?)")
      .bind(userId, email, role, Date.now(), Date.now()),
    worker.db
      .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(sessionIdOf(token), userId, Date.now(), Date.now() + SESSION_LIFETIME_MS),
  ]);
  const header = await createCookie("__session", { secrets: [TEST_SESSION_SECRET] }).serialize(token);
  return { userId, email, cookie: header.split(";")[0]!, sessionId: sessionIdOf(token) };
}

/**
 * Copies D1's content version to the KV namespace the edge reads (EDGE_VERSION), as a staff
 * POST does (app/server/platform/content-version.server.ts): for tests that change public
 * content straight in D1, so that the next anonymous request renders the pages anew.
 */
export async function syncEdgeVersion(worker: TestWorker): Promise<void> {
  const version = await worker.db.prepare("SELECT version FROM content_version WHERE id = 1").first<number>("version");
  await (await worker.mf.getKVNamespace("EDGE_VERSION")).put("content-version", String(version));
}
