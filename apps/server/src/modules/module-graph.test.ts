/**
 * The modules' layering rule (ADR 0021), checked on every `npm test`:
 *
 * 1. A module is entered only through its door: another module imports
 *    `../<m>/index.ts` (or the folder), never one of its inner files.
 * 2. No import circle between modules: the graph "module A imports module B" has no
 *    strongly connected group of two or more modules.
 * 3. Imports point down the layers below (edges → flows → core → base): a module imports
 *    modules of its own layer or lower ones, and every module is placed in a layer, so a new
 *    module has to say where it stands.
 *
 * The graph is read from the files' text: every relative `import … from`, `export … from`,
 * side-effect `import "…"` and `import("…")` of a non-test file under `modules/<m>/`.
 * Type-only imports count for both rules: a type is part of the module's surface as much as
 * a function, and a type imported upward is still knowledge of the higher layer (it breaks
 * the layering as surely, and turns into a value import with the next change).
 *
 * An exception is written in `allowed` below with its reason; there is none today.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modulesDir = dirname(fileURLToPath(import.meta.url));

/** "from-module -> to-module" or "file -> imported path", each with why it is allowed. */
const allowed: Record<string, string> = {};

/** The layers of ADR 0021, the lowest first (docs/architecture.md draws them). */
const layers: Record<string, readonly string[]> = {
  /** Used by nearly everything, know no domain: who is calling, mail, images, the staff log. */
  base: ["activity-log", "identity", "mail", "media"],
  /** What the others read and write through: store settings, the catalogue, the two ledgers. */
  core: ["catalog", "inventory", "payment-ledger", "settings"],
  /** A shopper's way through: cart, search, discounts, checkout, orders. */
  flows: ["cart", "checkout", "orders", "promotions", "search"],
  /** Pages and back office: they call the layers below and nothing calls them. */
  edges: [
    "account",
    "admin-search",
    "admin-orders",
    "collabs",
    "compat",
    "contact",
    "customization",
    "dashboard",
    "health",
    "order-requests",
    "payments",
    "popups",
    "product-admin",
    "product-stats",
    "reports",
    "storefront",
    "taxonomy-admin",
    "users",
    "webhooks",
  ],
};

const layerOf = new Map(Object.values(layers).flatMap((modules, rank) => modules.map((m) => [m, rank] as const)));

interface Edge {
  file: string;
  specifier: string;
  from: string;
  to: string;
  target: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

const importPattern =
  /(?:\bimport\s+(?:type\s+)?[\s\S]*?\bfrom\s*|\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[\s\S]*?\})\s*from\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.[^"']*)["']/g;

function moduleOf(path: string): string | undefined {
  const rel = relative(modulesDir, path);
  if (rel.startsWith("..") || !rel.includes(sep)) return undefined;
  return rel.split(sep)[0];
}

export function moduleEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file);
    if (!from) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? "";
      const target = resolve(dirname(file), specifier);
      const to = moduleOf(target) ?? (relative(modulesDir, target) === "" ? "" : undefined);
      if (to === undefined || to === "") continue;
      edges.push({ file: relative(modulesDir, file), specifier, from, to, target: relative(modulesDir, target) });
    }
  }
  return edges;
}

function isDoor(target: string, module: string): boolean {
  return target === module || target === `${module}/index.ts` || target === `${module}/index`;
}

/** Tarjan's strongly connected components over the module graph. */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

describe("server modules", () => {
  const edges = moduleEdges();

  it("reads the imports (the check would pass on nothing otherwise)", () => {
    expect(edges.some((edge) => edge.from !== edge.to)).toBe(true);
  });

  it("enter each other only through the module's index.ts", () => {
    const past = edges
      .filter((edge) => edge.from !== edge.to && !isDoor(edge.target, edge.to))
      .map((edge) => `${edge.file} -> ${edge.target}`)
      .filter((line) => !(line in allowed));
    expect(past).toEqual([]);
  });

  it("import each other in one direction (no circle)", () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) {
      if (edge.from === edge.to || `${edge.from} -> ${edge.to}` in allowed) continue;
      graph.set(edge.from, (graph.get(edge.from) ?? new Set()).add(edge.to));
      if (!graph.has(edge.to)) graph.set(edge.to, new Set());
    }
    expect(circles(graph)).toEqual([]);
  });

  it("import only their own layer or the layers below it", () => {
    const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
    expect(modules.filter((module) => !layerOf.has(module))).toEqual([]);
    const upward = [
      ...new Set(
        edges
          .filter((edge) => (layerOf.get(edge.to) ?? 0) > (layerOf.get(edge.from) ?? 0))
          .map((edge) => `${edge.file} -> ${edge.to}`),
      ),
    ].filter((line) => !(line in allowed));
    expect(upward).toEqual([]);
  });

  it("finds a circle and a door passed, when there is one", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
    expect(isDoor("a/index.ts", "a")).toBe(true);
    expect(isDoor("a/service.ts", "a")).toBe(false);
  });
});
