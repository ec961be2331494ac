/**
 * `npm run restore -- FOLDER [--force]`: a backup made by `npm run backup` into the
 * configured database (DATABASE_URL, or the bundled PostgreSQL of DATA_DIR), which must
 * be empty unless --force (then everything in it is replaced), and its images into the
 * configured storage. Checks the row counts against the manifest. Stop the shop first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { createMediaStorage } from "../modules/media/storage.ts";
import { BackupError, readManifest, restoreBackup } from "./backup.ts";
import { openOpsDatabase, pgToolsFor, serverMajor, ToolsMissingError } from "./postgres-tools.ts";

const usage = "Usage: npm run restore -- BACKUP_FOLDER [--force]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean" } },
  });
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(`${usage}\n`);
    return values.help ? 0 : 1;
  }
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0] ?? "");
  const manifest = await readManifest(from);
  const config = loadConfig();
  const database = await openOpsDatabase(config);
  try {
    if (database.shopRunning) {
      process.stderr.write(`The shop is running on ${config.dataDir}: stop it first, then restore.\n`);
      return 1;
    }
    const server = await serverMajor(database.url);
    const tools =
      manifest.database.method === "copy"
        ? undefined
        : await pgToolsFor(Math.max(server.major, Number.parseInt(manifest.database.pgDumpVersion ?? "", 10) || 0));
    process.stdout.write(
      `Restoring the backup of ${manifest.createdAt} (Atelier ${manifest.app.version}, ` +
        `migration ${manifest.database.migrations.latest}) into ${database.description}\n`,
    );
    const result = await restoreBackup({
      url: database.url,
      tools,
      media: createMediaStorage(config),
      dataDir: config.dataDir,
      from,
      force: values.force,
      log: (line) => process.stdout.write(`  ${line}\n`),
    });
    if (result.mismatches.length > 0 || result.media.missing.length > 0) {
      process.stderr.write("Restored, but not everything matches the backup (see above).\n");
      return 2;
    }
    process.stdout.write("Restore done. Start the shop: it applies any newer migrations itself.\n");
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ToolsMissingError;
    process.stderr.write(`${known || error instanceof Error ? (error as Error).message : String(error)}\n`);
    process.exit(1);
  },
);
