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
 *
 * Rows read and written (what D1 bills: `meta.rows_read`, `meta.rows_written` of each result)
 * are counted only when the Worker's MEASURE_D1_ROWS variable is "1" (the bench's rows pass,
 * docs/benchmarks.md): `raw()` and `first()`, which drizzle uses for most reads, answer no
 * `meta`, so under that variable each of them runs its statement a second time with `all()`
 * for the figures and throws that answer away. Never on in production: it doubles those reads.
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
  /** D1's rows read and written, summed over the request's results; null unless rows are counted (MEASURE_D1_ROWS). */
  d1RowsRead: number | null;
  d1RowsWritten: number | null;
  /** When rows are counted: the statement that read the most rows, its first 160 characters of SQL. */
  d1Heaviest: { rowsRead: number; sql: string } | null;
}

/** Zeroed figures for a new request. */
export function newRequestMetrics(): RequestMetrics {
  return {
    d1Queries: 0,
    d1RoundTrips: 0,
    d1InFlight: 0,
    d1Ms: 0,
    r2Reads: 0,
    r2Writes: 0,
    r2Ms: 0,
    d1RowsRead: null,
    d1RowsWritten: null,
    d1Heaviest: null,
  };
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

/** The SQL of each measured statement, for the heaviest one's name. */
const SQL = new WeakMap<object, string>();

/** Adds the rows a D1 result of `sql` read and wrote to the request's figures, when they are counted. */
function addRows(metrics: RequestMetrics, result: { meta?: { rows_read?: number; rows_written?: number } }, sql = "") {
  if (metrics.d1RowsRead === null || metrics.d1RowsWritten === null) return;
  const read = result.meta?.rows_read ?? 0;
  metrics.d1RowsRead += read;
  metrics.d1RowsWritten += result.meta?.rows_written ?? 0;
  if (read > (metrics.d1Heaviest?.rowsRead ?? -1)) metrics.d1Heaviest = { rowsRead: read, sql: sql.slice(0, 160) };
}

function measuredStatement(statement: Statement, metrics: RequestMetrics, sql: string): Statement {
  const query = <T>(call: () => Promise<T>) => d1Query(metrics, call);
  const counting = metrics.d1RowsRead !== null;
  /** `call`, then, when rows are counted, the statement again with `all()` for its meta (raw and first answer none). */
  const withRows = async <T>(call: () => Promise<T>) => {
    const answer = await query(call);
    if (counting) addRows(metrics, await statement.all(), sql);
    return answer;
  };
  const counted = async <T extends D1Result>(call: () => Promise<T>) => {
    const result = await query(call);
    addRows(metrics, result, sql);
    return result;
  };
  const measured = {
    bind: (...values: unknown[]) => measuredStatement(statement.bind(...values), metrics, sql),
    first: (column?: string) => withRows(() => (column === undefined ? statement.first() : statement.first(column))),
    all: () => counted(() => statement.all()),
    run: () => counted(() => statement.run()),
    raw: (options?: { columnNames?: boolean }) => withRows(() => statement.raw(options as { columnNames: true })),
  } as unknown as Statement;
  INNER.set(measured, statement);
  SQL.set(measured, sql);
  return measured;
}

/** `prepare` and `batch` of a database or of one of its sessions, measured. */
function measuredQueries(database: D1Database | D1DatabaseSession, metrics: RequestMetrics) {
  return {
    prepare: (sql: string) => measuredStatement(database.prepare(sql), metrics, sql),
    batch: async <T>(statements: Statement[]) => {
      const results = await d1Query(metrics, () => database.batch<T>(statements.map((statement) => INNER.get(statement) ?? statement)));
      results.forEach((result, i) => addRows(metrics, result, SQL.get(statements[i]!)));
      return results;
    },
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
 * With MEASURE_D1_ROWS "1", `metrics` also counts D1's rows read and written (see above).
 */
export function measuredBindings(env: CloudflareBindings, metrics: RequestMetrics): CloudflareBindings {
  if (env.MEASURE_D1_ROWS === "1") {
    metrics.d1RowsRead = 0;
    metrics.d1RowsWritten = 0;
  }
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
    ...(metrics.d1RowsRead === null
      ? {}
      : { d1RowsRead: metrics.d1RowsRead, d1RowsWritten: metrics.d1RowsWritten, d1Heaviest: metrics.d1Heaviest }),
  };
}
