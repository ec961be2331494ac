/** The identity emails: plain text first (every client reads it), a simple HTML part. */
import type { MailMessage } from "../mail/index.ts";

interface LinkMail {
  storeName: string;
  to: string;
  name: string;
  url: string;
}

export function passwordResetMail({ storeName, to, name, url }: LinkMail): MailMessage {
  return linkMail({
    to,
    subject: `Reset your ${storeName} password`,
    greeting: `Hello ${name},`,
    lines: ["Someone asked to reset the password of your account. If it was you, open this link within an hour:"],
    url,
    action: "Choose a new password",
    footer: "If you did not ask for this, ignore this email: your password stays as it is.",
    storeName,
  });
}

export function verificationMail({ storeName, to, name, url }: LinkMail): MailMessage {
  return linkMail({
    to,
    subject: `Confirm your email for ${storeName}`,
    greeting: `Hello ${name},`,
    lines: ["Please confirm that this is your email address:"],
    url,
    action: "Confirm my email",
    footer: "If you did not create an account, ignore this email.",
    storeName,
  });
}

function linkMail(mail: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  url: string;
  action: string;
  footer: string;
  storeName: string;
}): MailMessage {
  const text = [mail.greeting, "", ...mail.lines, "", mail.url, "", mail.footer, "", `— ${mail.storeName}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5">
<p>${escapeHtml(mail.greeting)}</p>${mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}
<p><a href="${escapeHtml(mail.url)}" style="display:inline-block;background:#1c1917;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="color:#57534e;font-size:14px">${escapeHtml(mail.footer)}</p><p>— ${escapeHtml(mail.storeName)}</p></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
