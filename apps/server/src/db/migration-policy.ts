/**
 * Expand, then contract (docs/operations.md, "Upgrades"): during a rolling upgrade the
 * previous version keeps running on the migrated database, so a migration may only add.
 * A statement that would break the previous version (dropping or renaming a table or
 * column, changing a column's type, making a column required without a default) belongs
 * in a later "contract" migration, shipped once no running version uses the old shape,
 * and that migration says so with a `-- contract: <why it is safe now>` comment.
 * migration-policy.test.ts applies this to every migration in apps/server/drizzle (all of
 * 0000-0008, written before the rule, already follow it).
 */

const rules: { pattern: RegExp; why: string }[] = [
  { pattern: /\bdrop\s+(table|view|materialized\s+view|schema|type|function|sequence)\b/i, why: "drops a $1" },
  { pattern: /\bdrop\s+column\b/i, why: "drops a column" },
  { pattern: /\brename\s+(column\b|constraint\b|to\b|value\b)|\brename\s+"?\w+"?\s+to\b/i, why: "renames" },
  { pattern: /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i, why: "changes a column's type" },
  { pattern: /\balter\s+type\b(?![^;]*\badd\s+value\b)/i, why: "alters a type (other than adding an enum value)" },
  { pattern: /\bset\s+not\s+null\b/i, why: "makes a column required" },
  { pattern: /\btruncate\b/i, why: "empties a table" },
];

/** ADD COLUMN … NOT NULL without a DEFAULT: the previous version's inserts would fail. */
function requiredColumnWithoutDefault(statement: string): boolean {
  return /\badd\s+column\b/i.test(statement) && /\bnot\s+null\b/i.test(statement) && !/\bdefault\b/i.test(statement);
}

function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ");
}

/** The statements of a migration that the previous version of the app may not survive. */
export function breakingStatements(sql: string): { statement: string; why: string }[] {
  const found: { statement: string; why: string }[] = [];
  for (const raw of withoutComments(sql).split(";")) {
    const statement = raw.replace(/\s+/g, " ").trim();
    if (!statement) continue;
    for (const rule of rules) {
      const match = rule.pattern.exec(statement);
      if (match) found.push({ statement, why: rule.why.replace("$1", (match[1] ?? "").toLowerCase()) });
    }
    if (requiredColumnWithoutDefault(statement)) {
      found.push({ statement, why: "adds a required column without a default" });
    }
  }
  return found;
}

/** The reason given by a `-- contract: …` comment, if the migration has one. */
export function contractReason(sql: string): string | undefined {
  return /^[ \t]*--[ \t]*contract:[ \t]*(\S.*)$/im.exec(sql)?.[1]?.trim();
}

/** Problems with one migration file (empty when it follows the rule). */
export function migrationProblems(name: string, sql: string): string[] {
  const breaking = breakingStatements(sql);
  if (breaking.length === 0 || contractReason(sql)) return [];
  return breaking.map(
    ({ statement, why }) =>
      `${name} ${why} ("${statement.slice(0, 120)}"): split it into expand and contract migrations, ` +
      "or mark a contract migration with a `-- contract: <why no running version needs the old shape>` comment",
  );
}
