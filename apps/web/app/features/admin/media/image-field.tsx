/**
 * One image (a series banner, a category picture): shows the current image, lets staff
 * choose or drop a file, uploads it with a progress bar and hands the stored filename
 * to the form. Errors are shown beside the field.
 */
import { ImagePlus, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { imageUrl } from "../../../lib/images.ts";
import { Button } from "../ui/button.tsx";
import { uploadImage, uploadProblem } from "./upload.ts";
import { UploadProgress } from "./upload-progress.tsx";

export function ImageField(props: {
  label: string;
  value: string | null;
  onChange: (filename: string | null) => void;
  hint?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const error = problem ?? props.error;

  async function take(file: File | undefined) {
    if (!file) return;
    const local = uploadProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, { onProgress: setProgress });
      props.onChange(image.filename);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : "The upload failed.");
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  }

  return (
    // Dropping a file is a mouse shortcut; the button is the keyboard's way in.
    <fieldset
      className="space-y-1.5"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend id={`${id}-label`} className="mb-1.5 font-medium text-sm">
        {props.label}
      </legend>
      <div
        className={`flex flex-wrap items-center gap-4 rounded-lg border border-dashed p-3 transition-colors ${dragging ? "border-ink bg-stone-50" : "border-stone-300"}`}
      >
        {props.value ? (
          <img
            src={imageUrl(props.value, 240)}
            alt=""
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-md bg-stone-100 object-cover"
          />
        ) : (
          <div className="grid size-20 shrink-0 place-items-center rounded-md bg-stone-100 text-stone-500">
            <ImagePlus aria-hidden className="size-6" />
          </div>
        )}
        <div className="min-w-0 flex-1 basis-44 space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
              {props.value ? "Replace image" : "Choose image"}
            </Button>
            {props.value ? (
              <Button size="sm" variant="ghost" onClick={() => props.onChange(null)} disabled={progress !== null}>
                <Trash2 aria-hidden className="size-3.5" />
                Remove
              </Button>
            ) : null}
          </div>
          {progress !== null ? (
            <UploadProgress value={progress} label="Uploading image" />
          ) : (
            <p className="text-muted text-xs">
              {props.hint ?? "JPEG, PNG, WebP or AVIF, up to 10 MB. Or drop a file here."}
            </p>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => void take(event.target.files?.[0])}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-red-700 text-xs" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
