/**
 * /contact: a message is stored for staff (contact_messages) and mailed to the shop's
 * contact address (store settings, headquarters email), with Reply-To the sender's.
 * Rate-limited per client address so the form cannot flood the shop's inbox.
 */
import { type ContactBody, contactEndpoints, contactLimits } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { addRoute } from "../../http/routes.ts";
import type { Mailer } from "../mail/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";

export function contactRoutes(deps: { db: Db; mailer: Mailer; settings: StoreSettingsService }) {
  const { db, mailer, settings } = deps;

  async function mailShop(message: z.output<typeof ContactBody>, log: FastifyInstance["log"]): Promise<void> {
    const store = await settings.get();
    const to = store.contact.headquarters.email;
    if (!to) {
      log.warn("contact message stored but not mailed: the store settings have no contact email");
      return;
    }
    await mailer.send({
      to,
      replyTo: `${message.name.replace(/[<>"]/g, "")} <${message.email}>`,
      subject: `Contact form: ${message.subject}`,
      text: [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, "", message.message].join("\n"),
    });
  }

  return async (app: FastifyInstance) => {
    addRoute(
      app,
      contactEndpoints.send,
      async (request) => {
        const identity = await app.identity.of(request);
        await db.insert(contactMessages).values({ ...request.body, userId: identity?.user.id ?? null });
        // Stored first: a mail server that is down loses no message (staff read them in the admin).
        mailShop(request.body, request.log).catch((error: unknown) =>
          request.log.error({ err: error }, "could not mail the contact message"),
        );
        return { received: true as const };
      },
      { config: { rateLimit: { max: contactLimits.perIpPerHour, timeWindow: "1 hour" } } },
    );
  };
}
