/** Staff order pages (order list, status changes, notes, payment verification): the door other modules use. */
export type { AdminOrdersService } from "./service.ts";
