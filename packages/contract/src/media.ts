/**
 * Image uploads for staff (products, series, categories). The body is the image file
 * itself (`Content-Type: image/jpeg|png|webp|avif`), so browsers can report upload
 * progress; the answer names the stored image for `getimage`.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { ImageFilename } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

export const UploadedImage = z
  .object({ filename: ImageFilename, width: z.number().int(), height: z.number().int() })
  .meta({ id: "UploadedImage" });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const mediaEndpoints = {
  upload: defineEndpoint({
    method: "POST",
    path: apiPaths.adminMedia,
    summary:
      "Upload an image (the raw file as the body; JPEG, PNG, WebP or AVIF, at most 10 MB and 40 megapixels). It is re-encoded to WebP in every stored width and named by its content hash.",
    tags: ["media"],
    access: "staff",
    response: UploadedImage,
  }),
} as const;
