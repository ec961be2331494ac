/** URLs of stored images, in the widths the media store keeps. */
import { apiPaths, endpointUrl, imageWidths } from "@atelier/contract/constants";

export function imageUrl(filename: string, width?: number): string {
  return endpointUrl({ path: apiPaths.getImage }, { filename }, { w: width });
}

export function imageSrcSet(filename: string): string {
  return imageWidths.map((width) => `${imageUrl(filename, width)} ${width}w`).join(", ");
}
