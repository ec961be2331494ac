/**
 * The demo's people, made at first start next to the demo catalogue: an Owner whose
 * credentials are printed once, a few staff with narrower roles, and customers whose
 * sign-ups and sign-ins spread over the last three months (so User Insights has a story).
 * Their passwords are random and unknown: they exist to be looked at, not signed into.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../db/client.ts";
import { accounts, signInEvents, users } from "../../db/schema/index.ts";
import type { Auth } from "./auth.ts";
import type { StaffAccessRepository } from "./staff-access.ts";
import { createStaffAccount, hasStaff } from "./staff-accounts.ts";

export const DEMO_ADMIN_EMAIL = "admin@atelier.example";

const firstNames = [
  "Ada",
  "Bilal",
  "Chen",
  "Dina",
  "Emeka",
  "Farah",
  "Gus",
  "Hana",
  "Ivo",
  "Jun",
  "Kemi",
  "Luca",
  "Mina",
  "Nils",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
];
const lastNames = [
  "Okafor",
  "Lindqvist",
  "Haddad",
  "Moreau",
  "Tanaka",
  "Silva",
  "Kowalski",
  "Nguyen",
  "Rahman",
  "Schmidt",
];
const methods = ["email", "email", "email", "google", "github"];

/** Creates the demo people when there is no staff yet; returns the admin's credentials. */
export async function seedDemoPeople(
  deps: { db: Db; auth: Auth; staff: StaffAccessRepository },
  options: { adminPassword?: string | undefined; customers?: number } = {},
): Promise<{ email: string; password: string } | undefined> {
  const { db } = deps;
  if (await hasStaff(db)) return undefined;
  const password = options.adminPassword ?? `${randomBytes(9).toString("base64url")}-demo`;
  await createStaffAccount(deps, { email: DEMO_ADMIN_EMAIL, password, name: "Avery Owner" });

  const unknownPassword = await hashPassword(randomBytes(24).toString("base64url"));
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const people = Array.from({ length: options.customers ?? 48 }, (_, index) => {
    const first = firstNames[index % firstNames.length] ?? "Sam";
    const last = lastNames[(index * 7) % lastNames.length] ?? "Lee";
    // More sign-ups lately: a shop that is growing.
    const daysAgo = Math.floor(90 * (1 - Math.sqrt(((index * 37) % 100) / 100)));
    return {
      id: randomUUID(),
      name: `${first} ${last}`,
      email: `${first}.${last}${index}@customers.atelier.example`.toLowerCase(),
      emailVerified: index % 5 !== 0,
      createdAt: new Date(now - daysAgo * day - (index % 24) * 3_600_000),
      method: methods[index % methods.length] ?? "email",
    };
  });
  const staffPeople = [
    { name: "Maya Support", email: "maya@atelier.example", role: "Support" },
    { name: "Ivan Stock", email: "ivan@atelier.example", role: "Inventory" },
  ];
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(people.map(({ method: _method, ...person }) => ({ ...person, updatedAt: person.createdAt })));
    await tx.insert(accounts).values(
      people.map((person) => ({
        id: randomUUID(),
        userId: person.id,
        providerId: person.method === "email" ? "credential" : person.method,
        accountId: person.method === "email" ? person.id : `${person.method}-${person.id.slice(0, 8)}`,
        password: person.method === "email" ? unknownPassword : null,
        createdAt: person.createdAt,
      })),
    );
    await tx.insert(signInEvents).values(
      people.flatMap((person, index) =>
        Array.from({ length: 1 + (index % 4) }, (_, visit) => ({
          userId: person.id,
          email: null,
          method: visit === 0 ? "sign-up" : person.method,
          success: true,
          ipAddress: `203.0.113.${(index % 250) + 1}`,
          userAgent: "Mozilla/5.0 (demo)",
          createdAt: new Date(person.createdAt.getTime() + visit * (5 + (index % 7)) * day),
        })).filter((event) => event.createdAt.getTime() < now),
      ),
    );
  });
  for (const member of staffPeople) {
    await createStaffAccount(deps, {
      email: member.email,
      password: randomBytes(18).toString("base64url"),
      name: member.name,
      role: member.role,
    });
  }
  return { email: DEMO_ADMIN_EMAIL, password };
}
