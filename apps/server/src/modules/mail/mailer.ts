/**
 * Outgoing mail. With SMTP_URL set, messages go out over SMTP through nodemailer;
 * without it they are written as .eml files to DATA_DIR/outbox and logged, so the
 * demo's password-reset and verification links work offline.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Tx } from "../../db/client.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (e.g. the sender of a contact message). */
  replyTo?: string;
}

export interface MailOptions {
  /**
   * The transaction of the change the mail reports: the queued mailer stores the mail's job
   * in it, so the mail commits with the change (ADR 0008). A transport without a queue
   * (tests' direct mailer) sends at once and ignores it.
   */
  tx?: Tx;
}

export interface Mailer {
  send(message: MailMessage, options?: MailOptions): Promise<void>;
  readonly mode: "smtp" | "outbox";
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      mode: "smtp",
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(message) {
      const info = await builder.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(message.to)}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox (no SMTP_URL)");
    },
  };
}

/** The transport the configuration names: SMTP_URL, else DATA_DIR/outbox. */
export function mailerFromConfig(
  config: { dataDir: string; mail: { smtpUrl: string | undefined; from: string } },
  logger: FastifyBaseLogger,
): Mailer {
  return createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: path.join(config.dataDir, "outbox"),
    logger,
  });
}

function safe(address: string): string {
  return address.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80);
}
