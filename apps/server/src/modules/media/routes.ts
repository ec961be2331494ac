/**
 * Staff image uploads. The body is the raw file: the scope accepts any content type and
 * lets the store decide from the bytes what the file is, so a wrong or missing type gets
 * the same clear 415 as a file that is no image at all.
 */
import { imageUploadLimits, mediaEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { PayloadTooLargeError } from "../../errors.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { MediaStore } from "./store.ts";

export function mediaRoutes(media: MediaStore) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: imageUploadLimits.maxBytes },
      (_request, body, done) => done(null, body),
    );
    addRoute(
      app,
      mediaEndpoints.upload,
      async (request) =>
        media.upload(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), await activityActor(request)),
      {
        // Refuse an announced oversize body before reading it (the parser's limit catches the rest).
        onRequest: async (request) => {
          if (Number(request.headers["content-length"] ?? 0) > imageUploadLimits.maxBytes) {
            throw new PayloadTooLargeError(`Images can be at most ${imageUploadLimits.maxBytes / (1024 * 1024)} MB.`);
          }
        },
      },
    );
  };
}
