/**
 * The edge (issue 37): what every request meets before any route sees it.
 *
 * - **Bounded bodies.** Every body is read by a parser with a limit: Fastify's own for
 *   JSON and text (1 MB, `BODY_LIMIT`), and `boundedRawBody` for the subtrees that hand
 *   raw bodies to a Fetch handler (better-auth under /api/auth: 64 KB; React Router's
 *   form actions: 1 MB). Bytes are counted as they arrive and reading stops at the limit;
 *   a declared `Content-Length` over it is refused before a byte is read. The answer is
 *   413 `payload_too_large`, and the connection is closed after a short linger
 *   (`lingerThenClose`, http/linger.ts), so the rest of the body is never read.
 * - **No NUL bytes, no invalid UTF-8.** One rule for every route: a path, query or body
 *   holding a NUL byte (`%00`, `\u0000`) or bytes that are not UTF-8 is refused with a
 *   4xx in the API's error shape (a plain 400 page outside /api), naming the parameter in
 *   `fields`. PostgreSQL refuses both in text (a 500 before this rule), and no shop value
 *   needs them.
 * - **HSTS** when the shop's public address is https: browsers then never try it over
 *   plain http again (one year, subdomains included).
 *
 * Binary uploads (images) keep their own parsers and limits; their bytes are not text.
 */
import { isUtf8 } from "node:buffer";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { BadRequestError, ValidationError } from "../errors.ts";
import { errorBody, isApiPath, statusCodeName } from "./errors.ts";

/** Fastify's limit for every parsed body unless a route sets its own. */
export const BODY_LIMIT = 1024 * 1024;
/** better-auth's bodies (an email, a password, a name, a token): a sign-in is under 1 KB. */
export const AUTH_BODY_LIMIT = 64 * 1024;

export const HSTS = "max-age=31536000; includeSubDomains";

const HEX = /^[0-9a-f]{2}$/i;

/** Percent-decodes `text` (each character one byte, as Node hands a URL over) into bytes. */
function decodedBytes(text: string): Buffer {
  const raw = Buffer.from(text, "latin1");
  const out = Buffer.allocUnsafe(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === 0x25 /* % */ ? raw.toString("latin1", i + 1, i + 3) : "";
    if (HEX.test(hex)) {
      out[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else {
      out[length++] = raw[i] ?? 0;
    }
  }
  return out.subarray(0, length);
}

/** A URL component as bytes: Node gives one character per byte; `inject` may give real characters. */
function componentBytes(text: string): Buffer {
  // Characters above U+00FF only come from an in-process caller, as text: encode them as UTF-8.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point
  return /[^\u0000-\u00ff]/.test(text) ? decodedBytes(encodeURI(text)) : decodedBytes(text);
}

const badBytes = (bytes: Buffer): string | undefined =>
  bytes.includes(0) ? "must not contain a NUL byte" : isUtf8(bytes) ? undefined : "must be valid UTF-8";

/** What is wrong with a request's URL, by parameter: `{ gender: "must not contain a NUL byte" }`. */
export function badUrlFields(url: string, params: unknown): Record<string, string> | undefined {
  const question = url.indexOf("?");
  const path = question === -1 ? url : url.slice(0, question);
  const query = question === -1 ? "" : url.slice(question + 1);
  const fields: Record<string, string> = {};
  const pathProblem = badBytes(componentBytes(path));
  if (pathProblem) {
    const named = Object.entries(typeof params === "object" && params !== null ? params : {}).filter(
      ([, value]) => typeof value === "string" && (value.includes("\u0000") || value.includes("\ufffd")),
    );
    if (named.length === 0) fields.path = pathProblem;
    for (const [name] of named) fields[name] = pathProblem;
  }
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const equals = pair.indexOf("=");
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? "" : pair.slice(equals + 1);
    const nameBytes = componentBytes(rawName.replaceAll("+", " "));
    const problem = badBytes(nameBytes) ?? badBytes(componentBytes(rawValue.replaceAll("+", " ")));
    if (!problem) continue;
    const name = isUtf8(nameBytes) ? nameBytes.toString("utf8").replaceAll("\u0000", "") || "query" : "query";
    fields[name] ??= problem;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Where in a parsed JSON value a string (or a key) holds a NUL byte: `items.0.name`. */
export function nulPaths(value: unknown, at = "", found: string[] = [], depth = 0): string[] {
  if (found.length >= 10 || depth > 64) return found;
  if (typeof value === "string") {
    if (value.includes("\u0000")) found.push(at || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      nulPaths(item, at ? `${at}.${index}` : String(index), found, depth + 1);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const path = at ? `${at}.${key.replaceAll("\u0000", "")}` : key.replaceAll("\u0000", "");
      if (key.includes("\u0000")) found.push(path || "body");
      else nulPaths(item, path, found, depth + 1);
    }
  }
  return found;
}

function refuseNul(value: unknown): void {
  const paths = nulPaths(value);
  if (paths.length === 0) return;
  const fields = Object.fromEntries(paths.map((path) => [path, "must not contain a NUL byte"]));
  throw new ValidationError(`Invalid body: ${paths.join(", ")} must not contain a NUL byte.`, fields);
}

function refuseInvalidUtf8(body: Buffer): void {
  if (!isUtf8(body)) throw new BadRequestError("The body is not valid UTF-8.");
}

/**
 * The JSON parser of every route (replacing Fastify's default, with its prototype-poisoning
 * protection): UTF-8 checked on the bytes, NUL bytes refused in every string and key.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    try {
      refuseInvalidUtf8(body as Buffer);
    } catch (error) {
      return done(error as Error, undefined);
    }
    parse(request, (body as Buffer).toString("utf8"), (error, value) => {
      if (error) return done(error, undefined);
      try {
        refuseNul(value);
      } catch (refused) {
        return done(refused as Error, undefined);
      }
      done(null, value);
    });
  });
  app.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      refuseInvalidUtf8(body as Buffer);
      const text = (body as Buffer).toString("utf8");
      if (text.includes("\u0000")) throw new ValidationError("Invalid body: it must not contain a NUL byte.");
      done(null, text);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** Content types whose raw bytes are text a handler reads: checked like a JSON body. */
const TEXT_TYPES = /^(?:application\/(?:json|x-www-form-urlencoded|[\w.+-]+\+json)|text\/)/i;

/**
 * For a subtree that hands the raw body to a Fetch handler (`toFetchRequest`): the body is
 * read here, up to `limit` bytes, and kept as a Buffer in `request.body`. Text bodies get
 * the edge's byte rule (a form's `%00` included); others pass as they are.
 */
export function registerBoundedRawBody(app: FastifyInstance, limit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: limit }, (request, body, done) => {
    const bytes = body as Buffer;
    const type = request.headers["content-type"] ?? "";
    if (bytes.length > 0 && TEXT_TYPES.test(type)) {
      const problem = /urlencoded/i.test(type) ? badUrlFields(`?${bytes.toString("latin1")}`, {}) : undefined;
      if (problem) {
        return done(new ValidationError("Invalid body: it must not contain a NUL byte or invalid UTF-8.", problem));
      }
      if (!isUtf8(bytes)) return done(new BadRequestError("The body is not valid UTF-8."), undefined);
      if (bytes.includes(0)) return done(new ValidationError("Invalid body: it must not contain a NUL byte."));
      if (/json/i.test(type) && bytes.includes("\\u0000")) {
        try {
          refuseNul(JSON.parse(bytes.toString("utf8")));
        } catch (error) {
          if (error instanceof ValidationError) return done(error, undefined);
          // Not JSON: the handler answers that in its own words.
        }
      }
    }
    done(null, bytes);
  });
}

const BAD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body><main><h1>400 - Bad Request</h1><p>This address holds characters the shop does not accept.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;

/** The edge's hook on every request: HSTS on https, and the URL's bytes checked. */
export function edgeHook(options: { publicUrl: string }): onRequestHookHandler {
  const hsts = options.publicUrl.startsWith("https://");
  return (request: FastifyRequest, reply: FastifyReply, done) => {
    if (hsts) reply.header("strict-transport-security", HSTS);
    const fields = badUrlFields(request.url, request.params);
    if (!fields) return done();
    if (isApiPath(request.url)) {
      const names = Object.keys(fields).join(", ");
      return done(
        new BadRequestError(`Invalid request: ${names} must not contain a NUL byte or invalid UTF-8.`, fields),
      );
    }
    sendBadPage(reply);
  };
}

function sendBadPage(reply: FastifyReply): void {
  reply
    .status(400)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", "default-src 'none'")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(BAD_PAGE);
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot decode (`/api/admin/users/%C0`), a
 * parameter over its length. Answered like the edge's own refusals, before any route.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (!isApiPath(request.url)) {
    sendBadPage(reply);
    return;
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(errorBody(statusCodeName(status), "Invalid request: the address could not be decoded."));
}
