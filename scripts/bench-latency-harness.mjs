/**
 * The latency benchmark's harness (scripts/bench-latency.mjs): runs in workerd in front of the
 * production Worker bundle, never in the deployed Worker. `wrapWorker(worker)` takes the bundle's
 * default export and returns the handlers Miniflare runs; the bench's main module is
 * `import worker from "./server.js"; export default wrapWorker(worker);`.
 *
 * Each `fetch` reaches the Worker with the same `env` and `ctx` except:
 * - `DB` (D1) sleeps before every round trip and counts it: a statement's `first`, `all`, `run`
 *   or `raw` (after `prepare(...)` and any `bind(...)`), `batch([...])` (one round trip for all
 *   its statements), `exec(...)`; the same for the session `withSession(...)` returns (its
 *   `prepare` and `batch`; `getBookmark` is local and neither sleeps nor counts);
 * - `UPLOADS` (R2) sleeps before every `get`, `head` and `list` (reads) and every `put`,
 *   `delete` and `createMultipartUpload` (writes), and counts them;
 * - `ctx.waitUntil` also keeps the promise, so the work a request leaves running is counted with
 *   it.
 * A request is measured when it carries `X-Bench-Request: <id>`; `X-Bench-D1-Delay` and
 * `X-Bench-R2-Delay` give its delays in ms (default 0). These headers are removed before the
 * Worker sees the request. Calls are attributed to the request whose handling made them through
 * an AsyncLocalStorage, so the bindings stay one object per isolate, as in production, and a call
 * made in a promise another request started counts for the request that started it. Calls made
 * outside any measured request (an unmeasured request, the queue consumer, the cron) neither
 * sleep nor count.
 *
 * `GET /__bench/calls?id=<id>` is answered here, never by the Worker: once that request's
 * response and its waitUntil work have settled, its counts as JSON (then forgotten), or 404 for
 * an unknown id.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const ID_HEADER = "X-Bench-Request";
const D1_DELAY_HEADER = "X-Bench-D1-Delay";
const R2_DELAY_HEADER = "X-Bench-R2-Delay";
const CALLS_PATH = "/__bench/calls";

/** The measured request whose handling is running now: its delays and counts. */
const current = new AsyncLocalStorage();
/** Measured requests by id, until their counts are asked for. */
const records = new Map();
/** Each wrapped statement's real one, so that `batch` hands D1 its own objects. */
const realOf = new WeakMap();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A delay header's value in ms: a non-negative number, else 0. */
function delayOf(request, header) {
  const ms = Number(request.headers.get(header) ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/**
 * `target` with the methods in `overrides` replaced (each called with the target); every other
 * property read from the target itself, functions bound to it (D1's and R2's objects keep their
 * state in private fields).
 */
function wrap(target, overrides) {
  const proxy = new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return (...args) => overrides[property](object, ...args);
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
  realOf.set(proxy, target);
  return proxy;
}

/**
 * Counts one call of the running measured request under `counter` (`statements`: how many D1
 * statements it carries), sleeps its delay, then makes the call.
 */
async function call(binding, counter, make, statements = 0) {
  const record = current.getStore();
  if (!record) return make();
  record.calls[counter]++;
  record.calls.d1Statements += statements;
  const ms = binding === "d1" ? record.d1Delay : record.r2Delay;
  if (binding !== "d1") {
    if (ms > 0) await sleep(ms);
    return make();
  }
  // A D1 call made while another is in flight shares its round trip.
  if (record.d1InFlight === 0) record.calls.d1Sequential++;
  record.d1InFlight++;
  try {
    if (ms > 0) await sleep(ms);
    return await make();
  } finally {
    record.d1InFlight--;
  }
}

/** A D1 prepared statement: `bind` wraps the new statement; each execution is one round trip. */
function statement(real) {
  const execute =
    (method) =>
    (object, ...args) =>
      call("d1", "d1Single", () => object[method](...args), 1);
  return wrap(real, {
    bind: (object, ...values) => statement(object.bind(...values)),
    first: execute("first"),
    all: execute("all"),
    run: execute("run"),
    raw: execute("raw"),
  });
}

/** What D1 databases and sessions share: `prepare` and `batch`. */
const d1Methods = {
  prepare: (object, sql) => statement(object.prepare(sql)),
  batch: (object, statements) =>
    call("d1", "d1Batches", () => object.batch(statements.map((each) => realOf.get(each) ?? each)), statements.length),
};

/** The D1 binding: statements, batches, `exec` and sessions, each round trip delayed and counted. */
function d1(real) {
  return wrap(real, {
    ...d1Methods,
    exec: (object, sql) => call("d1", "d1Exec", () => object.exec(sql)),
    withSession: (object, ...args) => wrap(object.withSession(...args), d1Methods),
  });
}

/** The R2 binding: reads and writes delayed and counted. */
function r2(real) {
  const read =
    (method) =>
    (object, ...args) =>
      call("r2", "r2Reads", () => object[method](...args));
  const write =
    (method) =>
    (object, ...args) =>
      call("r2", "r2Writes", () => object[method](...args));
  return wrap(real, {
    get: read("get"),
    head: read("head"),
    list: read("list"),
    put: write("put"),
    delete: write("delete"),
    createMultipartUpload: write("createMultipartUpload"),
  });
}

/** Waits until the record's response and every promise given to waitUntil (also those added meanwhile) have settled. */
async function settled(record) {
  for (let seen = -1; seen !== record.pending.length;) {
    seen = record.pending.length;
    await Promise.allSettled(record.pending);
  }
}

/** The answer to `GET /__bench/calls?id=…`. */
async function report(url) {
  const id = url.searchParams.get("id") ?? "";
  const record = records.get(id);
  if (!record) return new Response(`No measured request ${id}`, { status: 404 });
  await settled(record);
  records.delete(id);
  const { d1Single, d1Batches, d1Exec, d1Sequential, d1Statements, r2Reads, r2Writes } = record.calls;
  return Response.json(
    {
      d1Calls: d1Single + d1Batches + d1Exec,
      d1RoundTrips: d1Sequential,
      d1Batches,
      d1Statements,
      r2Reads,
      r2Writes,
      waitUntil: record.pending.length - 1,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The handlers Miniflare runs: the Worker's, with the bench's bindings and counts (see the header). */
export function wrapWorker(worker) {
  let env;
  /** The Worker's env: one object with one wrapped DB and UPLOADS, made from the first env the runtime passes. */
  const envOf = (real) => {
    if (!env) {
      const bindings = { DB: d1(real.DB), UPLOADS: r2(real.UPLOADS) };
      env = new Proxy(real, {
        get: (object, property) => (Object.hasOwn(bindings, property) ? bindings[property] : Reflect.get(object, property)),
      });
    }
    return env;
  };
  return {
    fetch(request, realEnv, ctx) {
      const url = new URL(request.url);
      if (url.pathname === CALLS_PATH && request.method === "GET") return report(url);
      const id = request.headers.get(ID_HEADER);
      if (!id) return worker.fetch(request, envOf(realEnv), ctx);
      const record = {
        d1Delay: delayOf(request, D1_DELAY_HEADER),
        r2Delay: delayOf(request, R2_DELAY_HEADER),
        calls: { d1Single: 0, d1Batches: 0, d1Exec: 0, d1Sequential: 0, d1Statements: 0, r2Reads: 0, r2Writes: 0 },
        d1InFlight: 0,
        pending: [],
      };
      records.set(id, record);
      const headers = new Headers(request.headers);
      for (const header of [ID_HEADER, D1_DELAY_HEADER, R2_DELAY_HEADER]) headers.delete(header);
      const trackedCtx = wrap(ctx, {
        waitUntil: (object, promise) => {
          record.pending.push(promise);
          object.waitUntil(promise);
        },
      });
      const response = current.run(record, () => worker.fetch(new Request(request, { headers }), envOf(realEnv), trackedCtx));
      record.pending.unshift(response);
      return response;
    },
    queue: (batch, realEnv, ctx) => worker.queue(batch, envOf(realEnv), ctx),
    scheduled: (controller, realEnv, ctx) => worker.scheduled(controller, envOf(realEnv), ctx),
  };
}
