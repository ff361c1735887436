/**
 * Image file input with the spec's browser checks (JPG/PNG under 2 MB; otherwise the alert
 * 'Perhatian!' and the input is cleared), a preview and 'File baru dipilih: {file name}'.
 * The server checks the same rules again by content.
 */
import { useEffect, useRef, useState } from "react";
import {
  checkImageFile,
  IMAGE_ACCEPT,
  UPLOAD_ALERT_TITLE,
  UPLOAD_HINT,
} from "~/lib/util/upload-rules";
import { useAlertDialog } from "~/components/ui/alert-dialog";

type ImageInputProps = {
  name: string;
  id?: string;
  label: string;
  currentUrl?: string | null;
  hints?: string[];
  required?: boolean;
  errors?: string[];
  previewClassName?: string;
};

export function ImageInput({
  name,
  id = name,
  label,
  currentUrl,
  hints = [],
  required = false,
  errors,
  previewClassName = "max-h-48",
}: ImageInputProps) {
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const { show, element } = useAlertDialog();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) {
      setPreview(null);
      return;
    }
    const problem = checkImageFile(file);
    if (problem) {
      event.currentTarget.value = "";
      setPreview(null);
      show(UPLOAD_ALERT_TITLE, problem);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: file.name });
  };

  const shown = preview?.url ?? currentUrl ?? null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
        {required ? <span className="text-red-500"> *</span> : null}
      </label>
      {shown ? (
        <img
          src={shown}
          alt={preview ? `Pratinjau ${preview.name}` : "Gambar saat ini"}
          className={`w-auto rounded-lg border border-stone-200 object-contain ${previewClassName}`}
        />
      ) : null}
      {preview ? <p className="text-sm font-medium text-green-700">File baru dipilih: {preview.name}</p> : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        required={required}
        onChange={onChange}
        aria-invalid={errors?.length ? true : undefined}
        className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-kayu-100 file:px-3 file:py-2 file:font-semibold file:text-kayu-800 hover:file:bg-kayu-200"
      />
      <ul className="space-y-0.5 text-xs text-stone-500">
        <li>{UPLOAD_HINT}</li>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      {errors?.length ? <p className="text-xs font-medium text-red-600">{errors[0]}</p> : null}
      {element}
    </div>
  );
}
