/**
 * What one request cost the Worker, for the `Server-Timing` header every response carries (the
 * standard header, W3C Server Timing; Chromium's developer tools show it under Network →
 * Timing) and for the request's log line (app/worker/request-log.ts): the D1 queries (a
 * statement or a batch is one), how many round trips they took one after the other (queries
 * made while another is in flight share its round trip), their summed time, the R2 reads and writes and their time,
 * the page cache's answer, and the Worker's whole time.
 *
 * The bindings are wrapped once per request (`measuredBindings`); every module keeps using
 * `env.UPLOADS` and `context.db` as before. Times are wall-clock milliseconds as the Workers
 * runtime reports them: its clock moves only across I/O, which is what is measured here.
 */

/** The figures of one request; `d1Ms` and `r2Ms` are the summed durations of the calls, in ms. */
export interface RequestMetrics {
  d1Queries: number;
  /** Sequential D1 round trips: the times a query started while none was in flight. */
  d1RoundTrips: number;
  /** D1 queries in flight now. */
  d1InFlight: number;
  d1Ms: number;
  r2Reads: number;
  r2Writes: number;
  r2Ms: number;
}

/** Zeroed figures for a new request. */
export function newRequestMetrics(): RequestMetrics {
  return { d1Queries: 0, d1RoundTrips: 0, d1InFlight: 0, d1Ms: 0, r2Reads: 0, r2Writes: 0, r2Ms: 0 };
}

/** Runs `call`, then adds its duration to the request's figures (whether it resolved or threw). */
async function timed<T>(call: () => Promise<T>, add: (ms: number) => void): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } finally {
    add(performance.now() - started);
  }
}

/** Runs one D1 query, counted and timed, and noting whether it opened a new round trip. */
async function d1Query<T>(metrics: RequestMetrics, call: () => Promise<T>): Promise<T> {
  if (metrics.d1InFlight === 0) metrics.d1RoundTrips += 1;
  metrics.d1Queries += 1;
  metrics.d1InFlight += 1;
  try {
    return await timed(call, (ms) => (metrics.d1Ms += ms));
  } finally {
    metrics.d1InFlight -= 1;
  }
}

type Statement = D1PreparedStatement;

/** The real statement under a measured one, so that `batch` hands D1 its own objects. */
const INNER = new WeakMap<object, Statement>();

function measuredStatement(statement: Statement, metrics: RequestMetrics): Statement {
  const query = <T>(call: () => Promise<T>) => d1Query(metrics, call);
  const measured = {
    bind: (...values: unknown[]) => measuredStatement(statement.bind(...values), metrics),
    first: (column?: string) => query(() => (column === undefined ? statement.first() : statement.first(column))),
    all: () => query(() => statement.all()),
    run: () => query(() => statement.run()),
    raw: (options?: { columnNames?: boolean }) => query(() => statement.raw(options as { columnNames: true })),
  } as unknown as Statement;
  INNER.set(measured, statement);
  return measured;
}

/** `prepare` and `batch` of a database or of one of its sessions, measured. */
function measuredQueries(database: D1Database | D1DatabaseSession, metrics: RequestMetrics) {
  return {
    prepare: (sql: string) => measuredStatement(database.prepare(sql), metrics),
    batch: <T>(statements: Statement[]) =>
      d1Query(metrics, () => database.batch<T>(statements.map((statement) => INNER.get(statement) ?? statement))),
  };
}

/** A D1 session (the Sessions API) whose round trips count in `metrics`. */
function measuredSession(session: D1DatabaseSession, metrics: RequestMetrics): D1DatabaseSession {
  return { ...measuredQueries(session, metrics), getBookmark: () => session.getBookmark() } as D1DatabaseSession;
}

function measuredDatabase(database: D1Database, metrics: RequestMetrics): D1Database {
  return {
    ...measuredQueries(database, metrics),
    exec: (sql: string) =>
      timed(
        () => database.exec(sql),
        (ms) => ((metrics.d1Queries += 1), (metrics.d1Ms += ms)),
      ),
    withSession: (constraint?: string) => measuredSession(database.withSession(constraint), metrics),
    dump: () => database.dump(),
  } as D1Database;
}

function measuredBucket(bucket: R2Bucket, metrics: RequestMetrics): R2Bucket {
  const read = (ms: number) => ((metrics.r2Reads += 1), (metrics.r2Ms += ms));
  const write = (ms: number) => ((metrics.r2Writes += 1), (metrics.r2Ms += ms));
  return {
    head: (key: string) => timed(() => bucket.head(key), read),
    get: (key: string, options?: R2GetOptions) => timed(() => bucket.get(key, options), read),
    list: (options?: R2ListOptions) => timed(() => bucket.list(options), read),
    put: (...args: Parameters<R2Bucket["put"]>) => timed(() => bucket.put(...args), write),
    delete: (keys: string | string[]) => timed(() => bucket.delete(keys), write),
    createMultipartUpload: (...args: Parameters<R2Bucket["createMultipartUpload"]>) => bucket.createMultipartUpload(...args),
    resumeMultipartUpload: (...args: Parameters<R2Bucket["resumeMultipartUpload"]>) => bucket.resumeMultipartUpload(...args),
  } as R2Bucket;
}

/**
 * The Worker's bindings for one request with `DB` and `UPLOADS` measured into `metrics`; every
 * other binding is the real one. In: the Worker's `env`. Out: a new object; `env` is unchanged.
 */
export function measuredBindings(env: CloudflareBindings, metrics: RequestMetrics): CloudflareBindings {
  return { ...env, DB: measuredDatabase(env.DB, metrics), UPLOADS: measuredBucket(env.UPLOADS, metrics) };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The `Server-Timing` value: `cache;desc="HIT"`, `d1;desc="<n> queries, <m> round trips";dur=<ms>`,
 * `r2;desc="<reads> reads, <writes> writes";dur=<ms>` and `total;dur=<ms>` (the Worker's time
 * from the request's arrival); with `calls` false, only the cache status and the total. Example: `cache;desc="MISS", d1;desc="1 query, 1 round trip";dur=81.2, …`.
 */
export function serverTiming(metrics: RequestMetrics, cache: string, totalMs: number, { calls = true } = {}): string {
  if (!calls) return [`cache;desc="${cache}"`, `total;dur=${round(totalMs)}`].join(", ");
  return [
    `cache;desc="${cache}"`,
    `d1;desc="${counted(metrics.d1Queries, "query", "queries")}, ${counted(metrics.d1RoundTrips, "round trip", "round trips")}";dur=${round(metrics.d1Ms)}`,
    `r2;desc="${counted(metrics.r2Reads, "read", "reads")}, ${counted(metrics.r2Writes, "write", "writes")}";dur=${round(metrics.r2Ms)}`,
    `total;dur=${round(totalMs)}`,
  ].join(", ");
}

/** The figures as the request's log line carries them (ms rounded to 0.1). */
export function metricsLogFields(metrics: RequestMetrics) {
  return {
    d1Queries: metrics.d1Queries,
    d1RoundTrips: metrics.d1RoundTrips,
    d1Ms: round(metrics.d1Ms),
    r2Reads: metrics.r2Reads,
    r2Writes: metrics.r2Writes,
    r2Ms: round(metrics.r2Ms),
  };
}
