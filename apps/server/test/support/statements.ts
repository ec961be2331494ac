/**
 * Counts the statements the app sends to PostgreSQL, per transaction: every client the
 * app's pool hands out is watched (node-postgres `acquire` event), and the statements
 * between a client's `begin` and its `commit`/`rollback` are grouped as one transaction.
 * Statement counts are round trips: node-postgres sends one statement per query call.
 */
import type pg from "pg";

export interface RecordedTransaction {
  statements: string[];
  /** The name of each statement sent as a named prepared statement, else null. */
  names: (string | null)[];
  ended: "commit" | "rollback" | "open";
}

const watched = Symbol("statement-recorder");

export function recordStatements(pool: pg.Pool) {
  const transactions: RecordedTransaction[] = [];
  const outside: string[] = [];
  let recording = false;

  const watch = (client: pg.PoolClient & { [watched]?: true }) => {
    if (client[watched]) return;
    client[watched] = true;
    let current: RecordedTransaction | undefined;
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (recording) {
        const first = args[0];
        const text = (typeof first === "string" ? first : ((first as { text?: string })?.text ?? "")).trim();
        const name = typeof first === "string" ? null : ((first as { name?: string })?.name ?? null);
        const word = text.slice(0, 10).toLowerCase();
        if (word.startsWith("begin")) {
          current = { statements: [text], names: [name], ended: "open" };
          transactions.push(current);
        } else if (current) {
          current.statements.push(text);
          current.names.push(name);
          if (word.startsWith("commit") || word.startsWith("rollback")) {
            current.ended = word.startsWith("commit") ? "commit" : "rollback";
            current = undefined;
          }
        } else {
          outside.push(text);
        }
      }
      return original(...args);
    };
  };
  pool.on("acquire", watch);

  return {
    /** Runs `work` and answers what was sent while it ran. */
    async during<T>(
      work: () => Promise<T>,
    ): Promise<{ result: T; transactions: RecordedTransaction[]; outside: string[] }> {
      transactions.length = 0;
      outside.length = 0;
      recording = true;
      try {
        const result = await work();
        return { result, transactions: [...transactions], outside: [...outside] };
      } finally {
        recording = false;
      }
    },
    stop() {
      pool.off("acquire", watch);
    },
  };
}
