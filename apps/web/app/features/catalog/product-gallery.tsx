/**
 * The product's pictures: the main image (the page's LCP: eager, high priority) zooms
 * under a mouse pointer with a CSS transform, opens full size in a native <dialog>
 * lightbox, and thumbnails switch it. No gallery library: a few lines of state. The
 * lightbox's code loads on the first press (product-lightbox.tsx), not with the page.
 */
import type { ProductImage } from "@atelier/contract";
import { Expand } from "lucide-react";
import { lazy, type PointerEvent, Suspense, useState } from "react";
import { StoredImage } from "../../components/stored-image.tsx";

const ProductLightbox = lazy(() =>
  import("./product-lightbox.tsx").then((module) => ({ default: module.ProductLightbox })),
);

export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<string | null>(null);
  const [lightbox, setLightbox] = useState(false);
  const current = images[index] ?? images[0];
  if (!current) return <div className="aspect-[4/5] rounded-xl bg-stone-100" />;
  const alt = current.alt || name;

  const follow = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== "mouse") return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setZoom(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className="group relative block aspect-[4/5] w-full cursor-zoom-in overflow-hidden rounded-xl bg-stone-100"
        aria-label={`View larger: ${alt}`}
        onPointerMove={follow}
        onPointerLeave={() => setZoom(null)}
        onClick={() => setLightbox(true)}
        data-testid="gallery-main"
      >
        <StoredImage
          filename={current.filename}
          srcWidth={960}
          sizes="(min-width: 900px) 50vw, 100vw"
          alt={alt}
          width={current.width}
          height={current.height}
          loading="eager"
          fetchPriority="high"
          style={zoom ? { transformOrigin: zoom } : undefined}
          className={`size-full object-cover transition-transform duration-200 ${zoom ? "scale-200" : ""}`}
        />
        <span className="absolute right-3 bottom-3 rounded-full bg-white/90 p-2 shadow" aria-hidden>
          <Expand className="size-4" />
        </span>
      </button>
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Product images">
          {images.map((image, position) => (
            <li key={image.filename}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show image ${position + 1} of ${images.length}`}
                aria-pressed={position === index}
                className="block aspect-[4/5] w-full overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-ink"
              >
                <StoredImage
                  filename={image.filename}
                  srcWidth={240}
                  sizes="5rem"
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {lightbox && (
        <Suspense fallback={null}>
          <ProductLightbox image={current} alt={alt} name={name} onClosed={() => setLightbox(false)} />
        </Suspense>
      )}
    </div>
  );
}
