/**
 * Image uploads with progress. fetch cannot report upload progress, so this one call
 * uses XMLHttpRequest; the body is the file itself, as the media endpoint expects.
 */
import type { ErrorBody, UploadedImage } from "@atelier/contract";
import { apiPaths } from "@atelier/contract/api-paths";
import { endpointUrl, imageUploadLimits } from "@atelier/contract/constants";
import { ApiError } from "../../../lib/api.ts";
import { credentialHeaders } from "../../../lib/credentials.ts";

export type { UploadedImage };

/** A problem the browser can see before sending anything (the server checks again). */
export function uploadProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(imageUploadLimits.contentTypes as readonly string[]).includes(file.type)) {
    return "Upload a JPEG, PNG, WebP or AVIF image.";
  }
  if (file.size > imageUploadLimits.maxBytes) {
    return `Images can be at most ${imageUploadLimits.maxBytes / (1024 * 1024)} MB.`;
  }
  return null;
}

export function uploadImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpointUrl({ path: apiPaths.adminMedia }));
    for (const [name, value] of Object.entries(credentialHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as UploadedImage);
      else reject(new ApiError(request.status, (request.response as ErrorBody | null) ?? undefined));
    };
    request.onerror = () => reject(new Error("The upload failed: check the connection and try again."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}
