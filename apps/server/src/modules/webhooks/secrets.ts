/**
 * Signing secrets (Standard Webhooks: `whsec_` + base64 of random bytes). A secret must be
 * read back to sign, so it cannot be hashed like an API token: it is stored encrypted
 * (AES-256-GCM, key derived from the shop's secret by HKDF), and answered once.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export const SECRET_MARKER = "whsec_";

export function newSigningSecret(): string {
  return `${SECRET_MARKER}${randomBytes(32).toString("base64")}`;
}

/** What the list shows to tell secrets apart: the marker and 4 characters. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, SECRET_MARKER.length + 4);
}

export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function secretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "atelier", "webhook signing secrets", 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return `v1.${iv.toString("base64")}.${cipher.getAuthTag().toString("base64")}.${sealed.toString("base64")}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || !body) throw new Error("Not a sealed webhook secret.");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
    },
  };
}
