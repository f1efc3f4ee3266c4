/**
 * The tests' own handle on a Worker's D1 database: a `D1Database` whose every call is one
 * asynchronous request to a small Worker bound to the same database (D1_CLIENT_SCRIPT).
 *
 * Why not Miniflare's `getD1Database()`: its proxy answers `prepare()`, `bind()` and each
 * property read through a synchronous channel (Miniflare's `SynchronousFetcher`), and under
 * load one reply can arrive out of turn (`assert(message?.id === id)`), after which every later
 * call of that Miniflare fails. Here only the first read of the Worker's `fetch` goes through
 * that channel; statements are plain objects and run when awaited.
 *
 * Values bound and returned travel as JSON: numbers, strings, null (no blobs; no test binds one).
 */

/** The Worker that runs statements for the tests: POST a JSON `Call`, get `{ result }` or `{ error }`. */
export const D1_CLIENT_SCRIPT = `export default {
  async fetch(request, env) {
    const call = await request.json();
    const prepare = ({ sql, params }) => env.DB.prepare(sql).bind(...params);
    try {
      let result;
      if (call.op === "batch") result = await env.DB.batch(call.statements.map(prepare));
      else if (call.op === "exec") result = await env.DB.exec(call.sql);
      else {
        const statement = prepare(call.statements[0]);
        if (call.op === "first") result = call.column === undefined ? await statement.first() : await statement.first(call.column);
        else if (call.op === "raw") result = await statement.raw(call.options);
        else result = await statement[call.op]();
      }
      return Response.json({ result: result ?? null });
    } catch (error) {
      return Response.json({ error: String(error?.message ?? error) });
    }
  },
};`;

interface Statement {
  sql: string;
  params: unknown[];
}

type Call =
  | { op: "all" | "run"; statements: [Statement] }
  | { op: "first"; statements: [Statement]; column?: string }
  | { op: "raw"; statements: [Statement]; options?: { columnNames?: boolean } }
  | { op: "batch"; statements: Statement[] }
  | { op: "exec"; sql: string };

/** What runs a call: the client Worker's `fetch`. */
type Send = (body: string) => Promise<Response>;

async function run<T>(send: Send, call: Call): Promise<T> {
  const reply = (await (await send(JSON.stringify(call))).json()) as { result?: T; error?: string };
  if (reply.error !== undefined) throw new Error(reply.error);
  return reply.result as T;
}

class PreparedStatement {
  constructor(
    private readonly send: Send,
    readonly statement: Statement,
  ) {}
  bind(...params: unknown[]) {
    return new PreparedStatement(this.send, { sql: this.statement.sql, params });
  }
  first(column?: string) {
    return run(this.send, { op: "first", statements: [this.statement], column });
  }
  all() {
    return run(this.send, { op: "all", statements: [this.statement] });
  }
  run() {
    return run(this.send, { op: "run", statements: [this.statement] });
  }
  raw(options?: { columnNames?: boolean }) {
    return run(this.send, { op: "raw", statements: [this.statement], options });
  }
}

/**
 * A `D1Database` over `send` (the client Worker's fetch): prepare/bind/first/all/run/raw,
 * batch and exec, with D1's own results and error messages (thrown as `Error`).
 */
export function d1Client(send: Send): D1Database {
  const client = {
    prepare: (sql: string) => new PreparedStatement(send, { sql, params: [] }),
    batch: (statements: PreparedStatement[]) => run(send, { op: "batch", statements: statements.map((s) => s.statement) }),
    exec: (sql: string) => run(send, { op: "exec", sql }),
  };
  return client as unknown as D1Database;
}

/** `send` for d1Client from a Miniflare worker's Fetcher (`await mf.getWorker(name)`). */
export function sendTo(worker: { fetch(url: string, init: { method: string; body: string }): Promise<unknown> }): Send {
  return async (body) => (await worker.fetch("http://d1-client/", { method: "POST", body })) as Response;
}
