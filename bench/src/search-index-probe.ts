/**
 * In-process measurement of the suggestion index (ADR 0016) on synthetic documents made
 * like the seed's products: build time, heap, and time per query for the bench's queries.
 * `node bench/src/search-index-probe.ts [--products 100000] [--engine own|minisearch]`
 * (run it niced: it takes a core for a minute). No database: lexemes are made the way
 * search_text() makes them, which is close enough for timing.
 */
import { planProducts, subSubSlots } from "../../apps/server/src/db/seed/products.ts";
import { type IndexDocument, SuggestionIndex } from "../../apps/server/src/modules/search/memory-index.ts";
import { normalizeQuery } from "../../apps/server/src/modules/search/normalize.ts";
import { buildSearchQueries } from "./search-queries.ts";

const say = (...parts: unknown[]) =>
  process.stdout.write(`${parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" ")}\n`);
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const count = Number(option("products", "100000"));
const engine = option("engine", "own");

const norm = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
/** search_text(): the normalised words, plus hyphenated words joined. */
const words = (text: string) => {
  const out = norm(text).split(" ").filter(Boolean);
  for (const raw of text.toLowerCase().split(/\s+/)) {
    const joined = raw.replace(/[^\p{L}\p{N}]+/gu, "");
    if (joined && joined !== norm(raw)) out.push(joined);
  }
  return out;
};

let t = performance.now();
const plan = planProducts({ products: count, seed: 20261101 });
const slots = subSubSlots();
say(`planned ${plan.length} products in ${((performance.now() - t) / 1000).toFixed(1)} s`);
let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 4294967296;
};
const docs: IndexDocument[] = plan.map((p, index) => {
  const slot = slots[p.slot];
  const taxonomy = [p.type, slot?.category.name, slot?.subCategory.name, slot?.item.name, p.series ?? ""].join(" ");
  const weights = new Map<string, number>();
  for (const w of words(p.name)) weights.set(w, (weights.get(w) ?? 0) | 1);
  for (const w of words(taxonomy)) weights.set(w, (weights.get(w) ?? 0) | 2);
  for (const w of words(p.description)) weights.set(w, weights.get(w) ?? 0);
  const lexemes = [...weights.keys()].sort();
  const sales = rnd() < 0.3 ? Math.floor(rnd() * 200) : 0;
  return {
    id: index + 1,
    productId: index + 1,
    published: p.isPublished,
    name: p.name,
    nameNorm: norm(p.name),
    popularity: Math.fround(Math.log(1 + sales + Math.floor(rnd() * 500) / 20)),
    filename: `${index}.webp`,
    lexemes,
    weights: lexemes.map((l) => weights.get(l) ?? 0),
  };
});
const dictionary = new Set<string>();
for (const d of docs) {
  d.lexemes.forEach((l, i) => {
    if (d.weights[i] && l.length >= 2) dictionary.add(l);
  });
}

const names = docs.filter((_, i) => i % 200 === 0).map((d) => d.name);
const vocabulary = slots.flatMap((s) => [s.category.name, s.subCategory.name, s.item.name]);
const { queries } = buildSearchQueries(names, [...new Set(vocabulary)]);
say(`${queries.length} queries`);

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage();
t = performance.now();
let search: (q: string) => unknown[];
if (engine === "own") {
  const index = new SuggestionIndex({ unicodeWords: true });
  index.addWords(dictionary);
  index.load(docs);
  search = (q) => {
    const n = normalizeQuery(q);
    return index.suggest(n.tokens, n.text);
  };
  say("stats", index.stats());
} else {
  const { default: MiniSearch } = await import("minisearch");
  const mini = new MiniSearch<IndexDocument>({
    fields: ["name", "title", "rest"],
    storeFields: ["id", "productId", "name", "filename"],
    idField: "productId",
    extractField: (d, field) => {
      if (field === "productId") return String(d.productId);
      if (field === "name") return d.lexemes.filter((_, i) => (d.weights[i] ?? 0) & 1).join(" ");
      if (field === "title") return d.lexemes.filter((_, i) => (d.weights[i] ?? 0) & 2).join(" ");
      if (field === "rest") return d.lexemes.filter((_, i) => !d.weights[i]).join(" ");
      return (d as unknown as Record<string, string>)[field] ?? "";
    },
  });
  mini.addAll(docs.filter((d) => d.published));
  search = (q) =>
    mini
      .search(normalizeQuery(q).text, {
        prefix: true,
        fuzzy: (term) => (term.length >= 5 ? 1 : 0),
        combineWith: "AND",
        boost: { name: 4, title: 2 },
      })
      .slice(0, 8);
}
const buildMs = performance.now() - t;
gc?.();
const heapAfter = process.memoryUsage();
say(
  `${engine}: built in ${(buildMs / 1000).toFixed(2)} s; heap +${((heapAfter.heapUsed - heapBefore.heapUsed) / 1e6).toFixed(0)} MB, array buffers +${((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 1e6).toFixed(0)} MB${gc ? "" : " (run with --expose-gc for exact numbers)"}`,
);
if (process.env.ONLY) {
  let min = 1e9;
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    search(process.env.ONLY);
    min = Math.min(min, performance.now() - s);
  }
  say("ONLY", min, "ms", JSON.stringify(search(process.env.ONLY)).slice(0, 300));
  process.exit(0);
}
for (const q of queries) search(q); // warm up
// Each query's fastest of 7 runs: the machine may be busy with other work, which only ever adds time.
const times: number[] = [];
const fastest = (q: string) => {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    search(q);
    best = Math.min(best, performance.now() - start);
  }
  return best;
};
for (const q of queries) times.push(fastest(q));
const slow = queries
  .map((q, at) => ({ q, ms: times[at] ?? 0 }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5);
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]?.toFixed(3);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
say(
  `per query (fastest of 7 runs): mean ${(mean * 1000).toFixed(0)} µs, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
);
say("slowest", slow.map((s) => `${s.q}: ${s.ms.toFixed(2)} ms`).join(", "));
