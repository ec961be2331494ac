/** An image from the media store, offered in every stored width (`srcSet`). */
import type { ImgHTMLAttributes } from "react";
import { imageSrcSet, imageUrl } from "../lib/images.ts";

export function StoredImage({
  filename,
  srcWidth,
  alt,
  ...rest
}: { filename: string /** The width of the fallback `src`. */; srcWidth: number; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "alt"
>) {
  return <img src={imageUrl(filename, srcWidth)} srcSet={imageSrcSet(filename)} alt={alt} {...rest} />;
}
