/** URLs of stored images, in the widths the media store keeps. */
import { endpointUrl, imageWidths, shopApiPaths } from "@atelier/contract/constants";

export function imageUrl(filename: string, width?: number): string {
  return endpointUrl({ path: shopApiPaths.getImage }, { filename }, { w: width });
}

export function imageSrcSet(filename: string): string {
  return imageWidths.map((width) => `${imageUrl(filename, width)} ${width}w`).join(", ");
}
