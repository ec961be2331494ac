/**
 * The opener's half of better-auth's oauth-popup plugin: open /api/auth/oauth-popup/start
 * in a popup, then wait for the completion page to post `{ type, nonce, token, error }`
 * back. Only a message from this origin, of that type and with our nonce counts. The
 * popup must be opened inside the click handler, before any await, or browsers block it.
 */
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { field, stringField } from "./json-field.ts";

const MESSAGE_TYPE = "better-auth:oauth-popup";
const CLOSED_POLL_MS = 400;
/** The completion page posts and then closes itself: let its message land first. */
const CLOSED_GRACE_MS = 300;
const TIMEOUT_MS = 5 * 60 * 1000;
const WIDTH = 500;
const HEIGHT = 640;

let active: Window | null = null;

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function centred(): string {
  const left = window.screenX + (window.outerWidth - WIDTH) / 2;
  const top = window.screenY + (window.outerHeight - HEIGHT) / 2;
  return `popup=yes,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`;
}

/** Resolves the session token, or undefined when there is none to have (logged only). */
export function openSignInPopup(providerId: string): Promise<string | undefined> {
  if (active && !active.closed) {
    active.focus();
    return Promise.resolve(undefined);
  }
  const nonce = randomNonce();
  const url = endpointUrl(
    { path: `${shopApiPaths.auth}/oauth-popup/start` },
    {},
    {
      provider: providerId,
      popupOrigin: window.location.origin,
      popupNonce: nonce,
    },
  );
  const popup = window.open(url, "atelier-sign-in", centred());
  if (!popup) {
    console.warn("The sign-in popup was blocked");
    return Promise.resolve(undefined);
  }
  active = popup;

  return new Promise((resolve) => {
    let settled = false;
    const settle = (token: string | undefined) => {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      clearInterval(poll);
      clearTimeout(timeout);
      if (!popup.closed) popup.close();
      active = null;
      resolve(token);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (stringField(event.data, "type") !== MESSAGE_TYPE || stringField(event.data, "nonce") !== nonce) return;
      const token = stringField(event.data, "token");
      if (token) return settle(token);
      console.warn("Social sign-in failed", field(event.data, "error"));
      settle(undefined);
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      setTimeout(() => settle(undefined), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    const timeout = setTimeout(() => {
      console.warn("Social sign-in timed out");
      settle(undefined);
    }, TIMEOUT_MS);
    window.addEventListener("message", onMessage);
  });
}
