/**
 * `npm run admin:create -- --email you@shop.example --password '…' [--name "…"] [--role Owner]`
 * Creates the first (or another) staff account against the configured database.
 */
import { parseArgs } from "node:util";
import { newPasswordProblem } from "@atelier/contract/password-strength";
import { createLogger } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { createIdentity } from "./index.ts";
import { createStaffAccount, WeakPasswordError } from "./staff-accounts.ts";

const usage =
  'Usage: npm run admin:create -- --email you@shop.example --password "…" [--name "Your Name"] [--role Owner]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "Owner" },
    },
  });
  const email = values.email?.trim();
  if (!email || !values.password || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new UsageError(`A valid --email and a --password are required.\n${usage}`);
  }
  const config = loadConfig();
  const name = values.name?.trim() || email.split("@")[0] || "Admin";
  // Before the database opens: a refused password needs no connection (createStaffAccount checks again).
  const problem = await newPasswordProblem(values.password, { email, name, storeName: config.storeName });
  if (problem) throw new UsageError(problem);
  const logger = createLogger({ logLevel: "warn" });
  const database = await openDatabase(config, () => {});
  try {
    const identity = await createIdentity({ config, db: database.db, logger });
    const result = await createStaffAccount(
      { db: database.db, auth: identity.auth, staff: identity.staff, storeName: config.storeName },
      {
        email,
        password: values.password,
        name,
        role: values.role,
      },
    );
    process.stdout.write(
      result.created
        ? `Created ${email} with the ${values.role} role. Sign in at ${config.publicUrl}/login\n`
        : `${email} already had an account: it now has the ${values.role} role (its password is unchanged).\n`,
    );
  } catch (error) {
    throw error instanceof WeakPasswordError ? new UsageError(error.message) : error;
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
