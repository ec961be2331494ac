/**
 * The product's images: several files at once, each uploaded with its own progress bar;
 * reordered by dragging (mouse, touch, or keyboard: Space to lift, arrows, Space to drop)
 * or by "Make main"; the first image is the main one. Each has alt text.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { ImagePlus } from "lucide-react";
import { useRef, useState } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { uploadImage, uploadProblem } from "../../media/upload.ts";
import { UploadProgress } from "../../media/upload-progress.tsx";
import { Button } from "../../ui/button.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection } from "./section.tsx";
import { SortableImage } from "./sortable-image.tsx";

const maxImages = 12;

interface Upload {
  key: string;
  name: string;
  progress: number;
  problem: string | null;
}

export function ImagesSection() {
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const { fields, append, move, remove } = useFieldArray({ control, name: "images", keyName: "key" });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  async function take(files: FileList | null) {
    const room = maxImages - fields.length - uploads.filter((upload) => !upload.problem).length;
    const chosen = [...(files ?? [])].slice(0, Math.max(room, 0));
    if (input.current) input.current.value = "";
    await Promise.all(
      chosen.map(async (file, index) => {
        const key = `${Date.now()}-${index}-${file.name}`;
        const problem = uploadProblem(file);
        setUploads((list) => [...list, { key, name: file.name, progress: 0, problem }]);
        if (problem) return;
        try {
          const image = await uploadImage(file, { onProgress: (progress) => update(key, { progress }) });
          append({ ...image, alt: "" });
          setUploads((list) => list.filter((upload) => upload.key !== key));
        } catch (failure) {
          update(key, { problem: failure instanceof Error ? failure.message : "The upload failed." });
        }
      }),
    );
  }

  function onDragEnd(event: DragEndEvent) {
    const from = fields.findIndex((field) => field.key === event.active.id);
    const to = fields.findIndex((field) => field.key === event.over?.id);
    if (from >= 0 && to >= 0 && from !== to) move(from, to);
  }

  const errors = formState.errors.images;
  return (
    <FormSection
      id="product-images"
      title="Images"
      description="The first image is the main one. Drag to reorder, or use the keyboard: Space to pick up, arrow keys to move, Space to drop."
    >
      {fields.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={fields.map((field) => field.key)} strategy={rectSortingStrategy}>
            <ul className="grid grid-cols-2 gap-3 min-[600px]:grid-cols-3 min-[1200px]:grid-cols-4">
              {fields.map((field, index) => (
                <SortableImage
                  key={field.key}
                  id={field.key}
                  index={index}
                  filename={field.filename}
                  altInput={register(`images.${index}.alt`)}
                  error={errors?.[index]?.filename?.message ?? errors?.[index]?.alt?.message}
                  onMakeMain={() => move(index, 0)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="space-y-2">
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              <p className="truncate text-muted text-xs">{upload.name}</p>
              {upload.problem ? (
                <p className="flex items-center gap-2 text-red-700 text-xs" role="alert">
                  {upload.problem}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setUploads((list) => list.filter((item) => item.key !== upload.key))}
                  >
                    Dismiss
                  </Button>
                </p>
              ) : (
                <UploadProgress value={upload.progress} label={`Uploading ${upload.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => input.current?.click()} disabled={fields.length >= maxImages}>
          <ImagePlus aria-hidden className="size-4" />
          Add images
        </Button>
        <p className="text-muted text-xs">
          JPEG, PNG, WebP or AVIF, up to 10 MB each; {fields.length} of {maxImages}.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          aria-label="Add images"
          tabIndex={-1}
          onChange={(event) => void take(event.target.files)}
        />
      </div>
      {errors?.message ? (
        <p className="text-red-700 text-xs" role="alert">
          Images {errors.message}
        </p>
      ) : null}
    </FormSection>
  );
}
