/**
 * The customer's order calls. Access is "public" in the contract because guests use them
 * too; each handler asks `optionalShopperOf` and answers 401 to nobody (a signed order
 * link alone is enough for one order).
 */
import { imageUploadLimits, orderEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { PayloadTooLargeError } from "../../errors.ts";
import { addRoute } from "../../http/routes.ts";
import { optionalShopperOf, shopperOf } from "../../http/shopper.ts";
import type { MediaStore } from "../media/index.ts";
import type { OrdersService } from "./service.ts";

/** Return photos per client address per hour: enough for a few returns, not for using the shop as an image host. */
export const requestPhotosPerHour = 30;

export function orderRoutes(deps: { orders: OrdersService; media: MediaStore }) {
  const { orders, media } = deps;
  return async (app: FastifyInstance) => {
    addRoute(app, orderEndpoints.myOrders, async (request) =>
      orders.listMine(await shopperOf(request), request.query.page, request.query.pageSize),
    );

    addRoute(app, orderEndpoints.myOrder, async (request) =>
      orders.getForCustomer(request.params.number, {
        shopper: await optionalShopperOf(request),
        token: request.query.token,
      }),
    );

    addRoute(
      app,
      orderEndpoints.createRequest,
      async (request) =>
        orders.createRequest(
          request.params.number,
          { shopper: await optionalShopperOf(request), token: request.query.token },
          request.body,
        ),
      { config: { rateLimit: { max: 30, timeWindow: "1 hour" } } },
    );

    // Customers' photos go through the same pipeline as staff images (bytes checked, re-encoded,
    // size and pixel limits), from a scope that takes the raw file as the body.
    await app.register(async (uploads) => {
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser(
        "*",
        { parseAs: "buffer", bodyLimit: imageUploadLimits.maxBytes },
        (_request, body, done) => done(null, body),
      );
      addRoute(
        uploads,
        orderEndpoints.uploadRequestPhoto,
        async (request) => media.upload(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
        {
          config: { rateLimit: { max: requestPhotosPerHour, timeWindow: "1 hour" } },
          onRequest: async (request) => {
            await shopperOf(request);
            if (Number(request.headers["content-length"] ?? 0) > imageUploadLimits.maxBytes) {
              throw new PayloadTooLargeError(`Photos can be at most ${imageUploadLimits.maxBytes / (1024 * 1024)} MB.`);
            }
          },
        },
      );
    });
  };
}
