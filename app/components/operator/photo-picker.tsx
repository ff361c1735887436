/**
 * Several product photos at once, straight from a phone (the product form and a product's image
 * page). Without JavaScript the file input is a plain field of its form: the photos go in the
 * post, each under 2 MB (the hint says so). With JavaScript the input leaves the post: each
 * photo is made smaller in the browser as soon as it is picked (lib/util/shrink-photo), then
 * sent on its own to the product's upload route with its progress bar, and shows where it is:
 * 'Mengecilkan…', 'Siap diunggah', 'Mengunggah n%', 'Selesai', or 'Gagal: ' and the reason (the
 * server's own message when the server refused it).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { SAVE_FAILED } from "~/lib/util/messages";
import { ShrinkError, shrinkPhoto } from "~/lib/util/shrink-photo";
import { CONNECTION_LOST, postWithProgress, type UploadAnswer } from "~/lib/util/upload-progress";
import { PHOTO_ACCEPT, PHOTOS_HINT, UPLOAD_HINT, ukuranMb } from "~/lib/util/upload-rules";

export type PhotoState = "mengecilkan" | "siap" | "mengunggah" | "selesai" | "gagal";

export type PhotoItem = {
  key: string;
  name: string;
  /** An object URL of the picked file, for the thumbnail. */
  preview: string;
  state: PhotoState;
  /** Percent of the upload sent. */
  progress: number;
  /** Bytes that will be sent (once made smaller). */
  size?: number;
  /** Why it failed. */
  message?: string;
};

/** The address a product's photos are sent to, one per request. */
export function photoUploadUrl(produkId: number): string {
  return `/operator/produk/gambarproduk/${produkId}/unggah`;
}

export const SESSION_ENDED = "Sesi berakhir. Silakan login kembali.";

type Record = {
  /** The file to send, once made smaller (rejects with the reason). */
  file: Promise<File>;
  /** False when sending again cannot help (the browser could not make it acceptable). */
  retry: boolean;
  done: boolean;
};

let keys = 0;

function messageOf(answer: UploadAnswer): string {
  const body = answer.body as { message?: unknown } | null;
  if (typeof body?.message === "string" && body.message) return body.message;
  return answer.status === 401 ? SESSION_ENDED : SAVE_FAILED;
}

export type PhotoQueue = ReturnType<typeof usePhotoQueue>;

/** The photos picked in one form, each made smaller and sent on its own. */
export function usePhotoQueue() {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const records = useRef(new Map<string, Record>());
  // One photo made smaller at a time: a 12 MP photo takes ~50 MB while it is decoded.
  const shrinking = useRef<Promise<unknown>>(Promise.resolve());
  const previews = useRef(new Set<string>());

  const update = useCallback((key: string, patch: Partial<PhotoItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: PhotoItem[] = [];
      for (const picked of files) {
        const key = `foto-${++keys}`;
        const preview = URL.createObjectURL(picked);
        previews.current.add(preview);
        const file = shrinking.current.then(() => shrinkPhoto(picked));
        shrinking.current = file.catch(() => undefined);
        const record: Record = { file, retry: true, done: false };
        records.current.set(key, record);
        file.then(
          (ready) => update(key, { state: "siap", size: ready.size }),
          (error: unknown) => {
            record.retry = false;
            update(key, { state: "gagal", message: error instanceof ShrinkError ? error.message : SAVE_FAILED });
          },
        );
        added.push({ key, name: picked.name, preview, state: "mengecilkan", progress: 0 });
      }
      if (added.length) setItems((list) => [...list, ...added]);
    },
    [update],
  );

  const remove = useCallback((key: string) => {
    records.current.delete(key);
    setItems((list) => {
      const item = list.find((i) => i.key === key);
      if (item) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const send = useCallback(
    async (key: string, url: string): Promise<boolean> => {
      const record = records.current.get(key);
      if (!record) return false;
      let file: File;
      try {
        file = await record.file;
      } catch {
        return false;
      }
      update(key, { state: "mengunggah", progress: 0, message: undefined });
      const form = new FormData();
      form.append("gambar", file, file.name);
      try {
        const answer = await postWithProgress(url, form, (progress) => update(key, { progress }));
        if (answer.status === 201) {
          record.done = true;
          update(key, { state: "selesai", progress: 100 });
          return true;
        }
        update(key, { state: "gagal", message: messageOf(answer) });
      } catch {
        update(key, { state: "gagal", message: CONNECTION_LOST });
      }
      return false;
    },
    [update],
  );

  /**
   * Sends every photo not sent yet (a failed one again, unless the browser could not make it
   * acceptable) to `url`, one after the other: each is added last, so they keep the order they
   * were picked in (the first of a new product is its cover). Answers how many of all picked
   * went through and how many did not.
   */
  const uploadAll = useCallback(
    async (url: string): Promise<{ done: number; failed: number }> => {
      const todo = [...records.current].filter(([, r]) => !r.done && r.retry).map(([key]) => key);
      for (const key of todo) await send(key, url);
      const all = [...records.current.values()];
      const done = all.filter((r) => r.done).length;
      return { done, failed: all.length - done };
    },
    [send],
  );

  /** Photos picked and not sent yet. */
  const waiting = items.filter((item) => item.state !== "selesai").length;
  return { items, add, remove, uploadAll, waiting };
}

const STATE_STYLE: { [S in PhotoState]: string } = {
  mengecilkan: "text-stone-600",
  siap: "text-stone-600",
  mengunggah: "text-kayu-700",
  selesai: "text-green-700",
  gagal: "text-red-600",
};

/** "1,8 MB", or "240 KB" under 1 MB. */
function ukuran(bytes: number): string {
  return bytes >= 1024 * 1024 ? ukuranMb(bytes) : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function stateText(item: PhotoItem): string {
  switch (item.state) {
    case "mengecilkan":
      return "Mengecilkan…";
    case "siap":
      return item.size ? `Siap diunggah (${ukuran(item.size)})` : "Siap diunggah";
    case "mengunggah":
      return item.progress >= 100 ? "Menyimpan…" : `Mengunggah ${item.progress}%`;
    case "selesai":
      return "Selesai";
    case "gagal":
      return `Gagal: ${item.message ?? SAVE_FAILED}`;
  }
}

/**
 * The photo field: the file input (several at once; named `name` in the post only without
 * JavaScript), the hints, the field's error and, with JavaScript, each picked photo with its
 * preview, 'File baru dipilih: {name}', its state and its progress bar.
 */
export function PhotoPicker({
  id,
  name,
  label,
  queue,
  hints = [],
  errors,
  busy = false,
}: {
  id: string;
  name: string;
  label: string;
  queue: PhotoQueue;
  hints?: string[];
  errors?: string[] | undefined;
  /** While photos are being sent: no picking or removing. */
  busy?: boolean;
}) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const { add } = queue;
  // Photos picked before the page's script took over are picked again by it.
  useEffect(() => {
    const input = inputRef.current;
    if (input?.files?.length) {
      add(input.files);
      input.value = "";
    }
  }, [add]);
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        // With JavaScript the photos go one by one, made smaller, not in the form's post.
        name={hydrated ? undefined : name}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        disabled={busy}
        onChange={(event) => {
          const input = event.currentTarget;
          if (input.files?.length) add(input.files);
          // Cleared, so that more photos can be picked afterwards (and the same one again).
          input.value = "";
        }}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint${errors?.length ? ` ${errorId}` : ""}`}
        className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-kayu-100 file:px-3 file:py-2 file:font-semibold file:text-kayu-800 hover:file:bg-kayu-200"
      />
      <ul id={`${id}-hint`} className="space-y-0.5 text-xs text-stone-500">
        <li>{UPLOAD_HINT}</li>
        <li className="font-medium text-stone-700">{PHOTOS_HINT}</li>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      {errors?.length ? (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {errors[0]}
        </p>
      ) : null}
      {queue.items.length ? (
        <ul aria-label="Foto yang dipilih" className="space-y-2">
          {queue.items.map((item) => (
            <li key={item.key} data-state={item.state} className="flex items-center gap-3 rounded-lg border border-stone-200 p-2">
              <img src={item.preview} alt={`Pratinjau ${item.name}`} className="h-14 w-14 shrink-0 rounded-md bg-stone-100 object-cover" />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="truncate text-sm font-medium text-green-700">File baru dipilih: {item.name}</p>
                <p className={`text-xs font-semibold ${STATE_STYLE[item.state]}`} role="status">
                  {stateText(item)}
                </p>
                {item.state === "mengunggah" || item.state === "selesai" ? (
                  <progress max={100} value={item.progress} aria-label={`Unggahan ${item.name}`} className="h-1.5 w-full accent-kayu-700" />
                ) : null}
              </div>
              {item.state !== "selesai" && item.state !== "mengunggah" && !busy ? (
                <button
                  type="button"
                  onClick={() => queue.remove(item.key)}
                  aria-label={`Batalkan ${item.name}`}
                  className="rounded-md p-1 text-xl leading-none text-stone-400 hover:bg-stone-100 hover:text-stone-700"
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
