/**
 * The suggestion index of this process, kept current from PostgreSQL (ADR 0016).
 *
 * - **Build** (at start): in one REPEATABLE READ transaction, the dictionary (search_words)
 *   and every published document with its lexemes and their weights, read in batches; the
 *   transaction's oldest running transaction id (pg_snapshot_xmin) is remembered as the
 *   horizon.
 * - **Catch-up**: the documents whose `changed_xid` is at or above the horizon (changed by
 *   a transaction that was running or had not started at the previous read, whatever path
 *   wrote them: the app, another process, plain SQL — triggers stamp them, migration 0018)
 *   and the products in `search_removed` since then; then the horizon moves on. Reading
 *   a document twice is harmless, so nothing needs to be exactly once.
 * - **When**: a write through this process publishes `catalog` on the invalidation bus
 *   after its commit; the handler runs before the write's answer goes out and starts a
 *   catch-up that the next suggestion waits for, so it sees the write. The database's own
 *   triggers NOTIFY the topic `search` on the bus' channel when documents change, so every
 *   process catches up within milliseconds of any write (with REDIS_URL the bus does not
 *   hear them; app writes still travel as `catalog`). A check every `checkMs` catches up
 *   too: the backstop for writes no one announced on a Redis bus, and how a broken
 *   database is noticed.
 * - **Failure**: when a catch-up fails, the index does not know what changed, so it stops
 *   answering (suggestions fail, are logged and answer nothing found, as the PostgreSQL
 *   engine did) until a catch-up succeeds: it never shows a product that may have been
 *   unpublished. If the build itself fails, suggestions come from PostgreSQL and the build
 *   is retried.
 */
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { InvalidationBus } from "../../infra/invalidation-bus.ts";
import { type IndexDocument, SuggestionIndex } from "./memory-index.ts";

/** The bus topic the database's triggers announce document changes on (migration 0018). */
export const SEARCH_TOPIC = "search";

const BATCH = 10_000;

/**
 * Products of a drop hidden until its launch (issue 16) are out of suggestions as they are
 * out of lists: the index holds them as unpublished until the launch. A drop's save
 * announces `catalog` (a catch-up); the launch itself is noticed by the periodic check,
 * which compares the hidden set with the last one.
 */
const HIDDEN_PRODUCTS = `select distinct dp.product_id as "productId" from drop_products dp
  join drops dd on dd.id = dp.drop_id where dd.before_launch = 'hidden' and dd.launch_at > now()`;
const NOT_HIDDEN = `not exists (select 1 from drop_products dp join drops dd on dd.id = dp.drop_id
  where dp.product_id = d.product_id and dd.before_launch = 'hidden' and dd.launch_at > now())`;

const DOCUMENTS = (where: string) => `
  select d.id, d.product_id as "productId", (d.is_published and ${NOT_HIDDEN}) as published, d.name, d.name_norm as "nameNorm",
    d.popularity, (select i.filename from product_images i where i.product_id = d.product_id
      order by i.position limit 1) as filename, w.lexemes, w.weights
  from search_documents d
  cross join lateral (
    select string_agg(u.lexeme, ' ' order by u.n) as lexemes,
      string_agg(((case when 'A' = any (u.weights) then 1 else 0 end)
        + (case when 'B' = any (u.weights) then 2 else 0 end))::text, '' order by u.n) as weights
    from unnest(d.document) with ordinality as u(lexeme, positions, weights, n)
  ) w
  where ${where}`;

interface DocumentRow {
  id: number;
  productId: number;
  published: boolean;
  name: string;
  nameNorm: string;
  popularity: number | string;
  filename: string | null;
  lexemes: string | null;
  weights: string | null;
}

function documentOf(row: DocumentRow): IndexDocument {
  const weights = row.weights ?? "";
  return {
    id: row.id,
    productId: row.productId,
    published: row.published,
    name: row.name,
    nameNorm: row.nameNorm,
    popularity: Number(row.popularity),
    filename: row.filename,
    lexemes: row.lexemes ? row.lexemes.split(" ") : [],
    weights: Array.from(weights, (digit) => Number(digit)),
  };
}

export interface IndexReport {
  documents: number;
  /** How long the build took. */
  buildMs: number;
  /** The index's memory, estimated from its arrays and strings (SuggestionIndex.stats). */
  bytes: number;
}

export class LiveSuggestionIndex {
  private index: SuggestionIndex | undefined;
  private horizon = "0";
  /** Products of hidden drops not launched yet, as of the last read. */
  private hidden = new Set<number>();
  private failure: Error | undefined;
  private dirty = false;
  private pending: Promise<void> | undefined;
  /** The catch-up suggestions must wait for: one started for a change announced to this process. */
  private awaited: Promise<void> | undefined;
  private building: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private unsubscribe: (() => void)[] = [];
  report: IndexReport | undefined;

  private readonly pool: pg.Pool;
  private readonly bus: InvalidationBus;
  private readonly log: FastifyBaseLogger;
  private readonly checkMs: number;

  constructor(deps: { pool: pg.Pool; bus: InvalidationBus; log: FastifyBaseLogger; checkMs?: number }) {
    this.pool = deps.pool;
    this.bus = deps.bus;
    this.log = deps.log;
    this.checkMs = deps.checkMs ?? 1_000;
  }

  /** Builds the index (subscribing first, so no change is missed) and starts the periodic check. */
  start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = [
      this.bus.subscribe("catalog", () => this.invalidate()),
      this.bus.subscribe(SEARCH_TOPIC, () => this.invalidate()),
    ];
    this.timer = setInterval(() => {
      if (this.index) this.check();
      else void this.build();
    }, this.checkMs);
    this.timer.unref();
    return this.build();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  /** Something changed: catch up before the next suggestion is answered. */
  invalidate(): void {
    if (!this.index) return;
    this.dirty = true;
    this.awaited = this.run();
  }

  /** The periodic check: catches up in the background (suggestions do not wait for it). */
  private check(): void {
    if (this.pending) return;
    this.dirty = true;
    void this.run();
  }

  private run(): Promise<void> {
    this.pending ??= this.catchUpLoop().finally(() => {
      this.pending = undefined;
      this.awaited = undefined;
    });
    return this.pending;
  }

  /** Catches up now (tests: wait for a write no app path announced). */
  async refresh(): Promise<void> {
    this.invalidate();
    await this.pending;
  }

  /**
   * The index, current with every change announced before this call; undefined when it is
   * not built (the caller asks PostgreSQL). Throws while it cannot catch up.
   */
  async current(): Promise<SuggestionIndex | undefined> {
    // After a failed catch-up every request tries again (one attempt at a time, shared). A
    // periodic check already under way may have started before the database came back: it
    // is waited for, then tried again unless it succeeded (answering its stale failure
    // made a request just after the recovery answer nothing).
    if (this.failure) {
      await this.pending;
      if (this.failure) this.invalidate();
    }
    if (this.awaited) await this.awaited;
    if (this.failure) throw this.failure;
    return this.index;
  }

  private build(): Promise<void> {
    this.building ??= this.load()
      .catch((error: Error) => {
        this.log.error(
          { err: error, component: "search-index" },
          "could not build the search index; suggestions come from PostgreSQL until it is built",
        );
      })
      .finally(() => {
        this.building = undefined;
      });
    return this.building;
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const client = await this.pool.connect();
    let index: SuggestionIndex;
    let horizon: string;
    let hidden: Set<number>;
    try {
      await client.query("begin isolation level repeatable read read only");
      horizon = (
        await client.query<{ horizon: string }>("select pg_snapshot_xmin(pg_current_snapshot())::text as horizon")
      ).rows[0]?.horizon as string;
      const { rows: probe } = await client.query<{ unicode: boolean }>(
        "select similarity('жжж', 'жжж') > 0 as unicode",
      );
      index = new SuggestionIndex({ unicodeWords: probe[0]?.unicode ?? true });
      const { rows: words } = await client.query<{ word: string }>("select word from search_words");
      index.addWords(words.map((row) => row.word));
      hidden = new Set((await client.query<{ productId: number }>(HIDDEN_PRODUCTS)).rows.map((row) => row.productId));
      const documents: IndexDocument[] = [];
      let after = 0;
      for (;;) {
        const { rows } = await client.query<DocumentRow>(
          `${DOCUMENTS(`d.is_published and ${NOT_HIDDEN} and d.id > $1`)} order by d.id limit ${BATCH}`,
          [after],
        );
        for (const row of rows) documents.push(documentOf(row));
        if (rows.length < BATCH) break;
        after = (rows.at(-1) as DocumentRow).id;
      }
      await client.query("commit");
      index.load(documents);
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (this.stopped) return;
    this.index = index;
    this.horizon = horizon;
    this.hidden = hidden;
    this.failure = undefined;
    const stats = index.stats();
    this.report = { documents: stats.documents, buildMs: Math.round(performance.now() - started), bytes: stats.bytes };
    this.log.info({ component: "search-index", ...stats, buildMs: this.report.buildMs }, "search index built");
    // Changes committed while it was read are caught up at once.
    this.invalidate();
  }

  private async catchUpLoop(): Promise<void> {
    while (this.dirty && !this.stopped) {
      this.dirty = false;
      try {
        await this.catchUp();
        if (this.failure) this.log.info({ component: "search-index" }, "search index current again");
        this.failure = undefined;
      } catch (error) {
        this.failure = new Error(`the search index could not catch up: ${(error as Error).message}`, { cause: error });
        this.log.error(
          { err: error, component: "search-index" },
          "search index could not catch up; answering nothing until it can",
        );
        return;
      }
    }
  }

  private async catchUp(): Promise<void> {
    const index = this.index;
    if (!index) return;
    const client = await this.pool.connect();
    let horizon: string;
    let changed: DocumentRow[];
    let removed: { productId: number }[];
    let hidden: Set<number>;
    let flipped: DocumentRow[] = [];
    try {
      await client.query("begin isolation level repeatable read read only");
      horizon = (
        await client.query<{ horizon: string }>("select pg_snapshot_xmin(pg_current_snapshot())::text as horizon")
      ).rows[0]?.horizon as string;
      changed = (
        await client.query<DocumentRow>({
          name: "search-index-changed",
          text: DOCUMENTS("d.changed_xid >= $1::xid8"),
          values: [this.horizon],
        })
      ).rows;
      removed = (
        await client.query<{ productId: number }>({
          name: "search-index-removed",
          text: `select product_id as "productId" from search_removed where removed_xid >= $1::xid8`,
          values: [this.horizon],
        })
      ).rows;
      hidden = new Set((await client.query<{ productId: number }>(HIDDEN_PRODUCTS)).rows.map((row) => row.productId));
      const before = this.hidden;
      const toggled = [...hidden].filter((id) => !before.has(id)).concat([...before].filter((id) => !hidden.has(id)));
      if (toggled.length > 0) {
        flipped = (await client.query<DocumentRow>(DOCUMENTS("d.product_id = any($1::int[])"), [toggled])).rows;
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    for (const { productId } of removed) index.remove(productId);
    for (const row of [...changed, ...flipped]) index.upsert(documentOf(row));
    index.settle();
    this.horizon = horizon;
    this.hidden = hidden;
  }
}
