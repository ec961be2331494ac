/** Mail: the SMTP or outbox mailer and its queue. Other modules take a `Mailer` and import only this. */
export { createMailer, type Mailer, type MailMessage } from "./mailer.ts";
