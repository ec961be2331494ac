/**
 * Which answers count as a product page view: a GET of the product page
 * (`/products/details/:productId`) or of its client-navigation data request
 * (`/products/details/:productId.data`) that answered 200, from a person (not a crawler,
 * per `isbot`) and not a speculative prefetch. Staff count too: they are people.
 */
import { isbot } from "isbot";

const PRODUCT_PAGE = /^\/products\/details\/(\d{1,10})(?:\.data|\/)?$/;
const MAX_ID = 2_147_483_647;

export interface AnsweredRequest {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
}

/** The viewed product's id, or null when this answer is not a countable view. */
export function viewedProductId(answer: AnsweredRequest): number | null {
  if (answer.method !== "GET" || answer.statusCode !== 200) return null;
  const pathname = answer.url.split("?", 1)[0] ?? "";
  const match = PRODUCT_PAGE.exec(pathname);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  if (id < 1 || id > MAX_ID) return null;
  if (isPrefetch(answer.headers) || isbot(header(answer.headers, "user-agent"))) return null;
  return id;
}

/** Browsers mark speculative loads (link prefetch, prerender) with Sec-Purpose, older ones with Purpose. */
function isPrefetch(headers: AnsweredRequest["headers"]): boolean {
  const purpose = `${header(headers, "sec-purpose") ?? ""} ${header(headers, "purpose") ?? ""}`.toLowerCase();
  return purpose.includes("prefetch") || purpose.includes("prerender");
}

function header(headers: AnsweredRequest["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
