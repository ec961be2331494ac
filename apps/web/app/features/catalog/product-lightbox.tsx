/**
 * The product gallery's lightbox: the image full size in a native modal <dialog>, opened as
 * it mounts (the gallery mounts it on a press) and closed by its button, Escape or a press
 * on the backdrop; the browser gives the focus back to the gallery's button.
 */
import type { ProductImage } from "@atelier/contract";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { imageUrl } from "../../lib/images.ts";

export function ProductLightbox({
  image,
  alt,
  name,
  onClosed,
}: {
  image: ProductImage;
  alt: string;
  name: string;
  onClosed: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={`${name}: larger image`}
      className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl bg-white p-0 backdrop:bg-black/80"
      onClose={onClosed}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={() => undefined}
    >
      <form method="dialog" className="absolute top-2 right-2">
        <button type="submit" className="rounded-full bg-white/90 p-2 shadow" aria-label="Close larger image">
          <X aria-hidden className="size-5" />
        </button>
      </form>
      <img
        src={imageUrl(image.filename, 1600)}
        alt={alt}
        width={image.width}
        height={image.height}
        className="max-h-[95vh] w-auto object-contain"
      />
    </dialog>
  );
}
