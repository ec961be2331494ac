/**
 * Downloads an admin CSV export: the endpoint is called with the signed-in staff member's
 * credentials (a plain link would not carry them), and the file is saved under the name
 * the server gives (`orders-2026-11-25.csv`).
 */
import { endpointUrl } from "@atelier/contract/constants";
import { ApiError } from "../../../lib/api.ts";
import { credentialHeaders } from "../../../lib/credentials.ts";

export async function downloadCsv(
  endpoint: { path: string },
  params: Record<string, string | number>,
  query: Record<string, string | number | undefined>,
): Promise<void> {
  const response = await fetch(endpointUrl(endpoint, params, query), { headers: credentialHeaders() });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
