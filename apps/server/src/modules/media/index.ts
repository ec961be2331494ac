/** Media: staff uploads, the image store and its storage (a folder or an S3 bucket). */
export type { MediaStore } from "./store.ts";
