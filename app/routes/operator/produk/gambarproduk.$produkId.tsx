import { useState } from "react";
import { data, Form, Link, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/gambarproduk.$produkId";
import { PageHeader } from "~/components/operator/page-header";
import { StatusBadge } from "~/components/operator/status-tayang";
import { UrutanButtons } from "~/components/operator/urutan-buttons";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { ImageInput } from "~/components/ui/image-input";
import { PhotoPicker, photoUploadUrl, usePhotoQueue } from "~/components/operator/photo-picker";
import { showToast } from "~/components/ui/toast";
import { useReply, type Reply } from "~/components/ui/use-reply";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { getProdukSummary, type ProdukSummary } from "~/domain/produk/produk.server";
import { produkImages } from "~/domain/images/collections.server";
import { parseId } from "~/http/action.server";
import { getDb } from "~/lib/server/db.server";
import { formatHarga } from "~/lib/util/format";
import { requireUser } from "~/http/guard.server";
import { imageScreenAction, imageScreenLoader, type ImageScreen, type ImageView } from "~/http/image-collection.server";
import { IMAGE_REQUIRED, imageFormSchemas, photoFiles, UPLOAD_KEEP_HINT } from "~/lib/util/upload-rules";
import { SAVE_FAILED, SAVED } from "~/lib/util/messages";
import { z } from "zod";

export const handle = { title: "Gambar Produk" };

const UKURAN_HINT = "Gunakan ukuran 1024 x 1024 pixel";

/** Each image's buttons: the dialog they open (search param), their text and colours. */
const AKSI_GAMBAR = [
  { param: "ubah", label: "Ubah", warna: "bg-kayu-700", hover: "hover:bg-kayu-800" },
  { param: "hapus", label: "Hapus", warna: "bg-red-600", hover: "hover:bg-red-700" },
] as const;

/** The product of the page; anything else is a 404 page. */
function produkOf(produkId: string | undefined): ProdukSummary {
  const id = parseId(produkId);
  const produk = id ? getProdukSummary(getDb(), id) : null;
  if (!produk) throw data(null, { status: 404 });
  return produk;
}

// Add takes several photos at once (one post without JavaScript; with it, one request a photo
// to ./unggah); edit replaces one.
const schemas = { tambah: z.object({ gambar: photoFiles({ required: true }) }), ubah: imageFormSchemas("gambar").ubah };
const screen: ImageScreen = { images: produkImages, field: "gambar", schemas, urutan: true, multiple: true };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  requireUser(context);
  const produk = produkOf(params.produkId);
  // Only this product's images: one of another product is as unknown here as a missing one.
  return { produk, ...(await imageScreenLoader(url, screen, produk.id)) };
}

/**
 * Add, replace and delete (as every image screen: http/image-collection), and 'Naik' /
 * 'Turun': the images' manual order, whose first is the product's cover on the
 * cards, the link preview and the detail page's slider. Only this product's images.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args.context);
  return imageScreenAction(args, screen, produkOf(args.params.produkId).id);
}

export default function GambarProdukPage({ loaderData, actionData }: Route.ComponentProps) {
  const { produk, list: gambar, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to="/operator/produk/produk" className="font-medium text-kayu-700 hover:underline">
          ← Kembali ke Produk
        </Link>
      </nav>
      <PageHeader title="Gambar Produk" addHref={paramHref("tambah", 1)} />
      <ProdukCard produk={produk} />
      <section aria-labelledby="daftar-gambar" className="mt-6">
        <h2 id="daftar-gambar" className="mb-3 text-lg font-bold text-stone-900">
          Daftar Gambar <span className="text-sm font-medium text-stone-500">({gambar.length})</span>
        </h2>
        {gambar.length > 1 ? (
          <p className="mb-3 text-sm text-stone-500">
            Gambar pertama menjadi sampul di kartu produk, pratinjau tautan, dan slider halaman produk; ubah urutannya dengan Naik / Turun.
          </p>
        ) : null}
        {gambar.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-4 py-10 text-center text-stone-500">
            Belum ada gambar untuk produk ini. Tambahkan dengan tombol '+ Data'.
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {gambar.map((g, i) => (
              <li key={g.id} className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
                <div className="group relative">
                  <img
                    src={g.src}
                    alt={`Gambar ${i + 1} ${produk.nama_produk}`}
                    loading="lazy"
                    className="aspect-square w-full bg-stone-100 object-cover"
                  />
                  {i === 0 ? (
                    <span className="absolute top-2 left-2 rounded-full bg-kayu-700 px-2 py-0.5 text-xs font-bold text-white shadow">Sampul</span>
                  ) : null}
                  {/* Touch and small screens: always visible below the image. A mouse on a wide
                      screen: an overlay on hover, also shown when a button has keyboard focus. */}
                  <div className="flex gap-2 p-2 md:pointer-fine:absolute md:pointer-fine:inset-0 md:pointer-fine:items-center md:pointer-fine:justify-center md:pointer-fine:bg-black/45 md:pointer-fine:opacity-0 md:pointer-fine:transition-opacity md:pointer-fine:group-focus-within:opacity-100 md:pointer-fine:group-hover:opacity-100">
                    {AKSI_GAMBAR.map((aksi) => (
                      <Link
                        key={aksi.param}
                        to={paramHref(aksi.param, g.id)}
                        preventScrollReset
                        aria-label={`${aksi.label} gambar ${i + 1}`}
                        className={`flex-1 rounded-lg ${aksi.warna} px-3 py-1.5 text-center text-sm font-semibold text-white shadow ${aksi.hover} focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none md:pointer-fine:flex-none`}
                      >
                        {aksi.label}
                      </Link>
                    ))}
                  </div>
                </div>
                {/* The manual order (the first image is the cover). */}
                {gambar.length > 1 ? (
                  <div className="flex justify-center border-t border-stone-100 p-2">
                    <UrutanButtons id={g.id} name={`gambar ${i + 1}`} naik={i > 0} turun={i < gambar.length - 1} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {tambah ? <TambahGambarDialog produkId={produk.id} closeTo={closeTo} reply={actionData} /> : null}
      {ubah ? <GambarDialog title="Ubah Galeri" intent="ubah" closeTo={closeTo} reply={actionData} record={ubah} /> : null}
      {hapus ? (
        <ConfirmDelete
          closeTo={closeTo}
          id={hapus.id}
          question="Menghapus gambar ini?"
          itemName={`Gambar ${hapus.urutan} — ${produk.nama_produk}`}
        />
      ) : null}
    </div>
  );
}

function ProdukCard({ produk }: { produk: ProdukSummary }) {
  return (
    <section aria-label="Ringkasan produk" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {produk.kategori ? (
            <p className="text-xs font-semibold tracking-wide text-kayu-600 uppercase">{produk.kategori}</p>
          ) : null}
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-bold break-words text-stone-900">
            {produk.nama_produk} <StatusBadge status={produk.status} kategoriStatus={produk.kategori_status} />
          </h2>
        </div>
        <p className="shrink-0 text-lg font-bold text-kayu-700">{formatHarga(produk.harga)}</p>
      </div>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">{produk.deskripsi}</p>
      <div className="mt-4 flex flex-wrap items-center gap-1.5 text-sm">
        <span className="font-semibold text-stone-700">Tersedia di Gudang:</span>
        {produk.gudang.length === 0 ? (
          <span className="text-stone-400">—</span>
        ) : (
          produk.gudang.map((name) => (
            <span key={name} className="rounded-full bg-green-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              {name}
            </span>
          ))
        )}
      </div>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        {produk.status === "Tayang" && produk.kategori_status !== "Draf" ? (
          <a
            href={`/detail-produk/${encodeURIComponent(produk.nama_seo)}`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-kayu-700 hover:underline"
          >
            Lihat di situs ↗
          </a>
        ) : null}
        <a href={`/pratinjau/produk/${produk.id}`} target="_blank" rel="noreferrer" className="font-medium text-kayu-700 hover:underline">
          Pratinjau ↗
        </a>
      </p>
    </section>
  );
}

/**
 * 'Tambah Gambar Produk {id}': several photos at once. Without JavaScript one post carries them
 * all (each under 2 MB; all stored or none). With it, Simpan sends them one by one, made smaller,
 * each with its progress; when all went through the dialog closes, otherwise it stays open with
 * the reasons (Simpan tries the failed ones again).
 */
function TambahGambarDialog({ produkId, closeTo, reply }: { produkId: number; closeTo: string; reply: Reply | undefined }) {
  const { err } = useReply(reply);
  const posting = useSubmitting("tambah");
  const queue = usePhotoQueue();
  const [sending, setSending] = useState(false);
  const [kosong, setKosong] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const busy = posting || sending;
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setKosong(queue.items.length === 0);
    if (queue.items.length === 0) return;
    setSending(true);
    const { done, failed } = await queue.uploadAll(photoUploadUrl(produkId));
    setSending(false);
    if (failed === 0) {
      showToast("success", SAVED);
      void navigate(closeTo, { replace: true, preventScrollReset: true });
      return;
    }
    // The ones that went through show in the grid behind the dialog.
    if (done > 0) void revalidator.revalidate();
    showToast("error", SAVE_FAILED);
  };
  const error = kosong ? IMAGE_REQUIRED : err("gambar");
  return (
    <UrlDialog title={`Tambah Gambar Produk ${produkId}`} closeTo={closeTo} busy={busy}>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="tambah" />
        <PhotoPicker id="gambar-tambah" name="gambar" label="Gambar" queue={queue} hints={[UKURAN_HINT]} errors={error ? [error] : undefined} busy={busy} />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}

/** 'Ubah Galeri': one image replaced (no new file keeps it). */
function GambarDialog({
  title,
  intent,
  closeTo,
  reply,
  record,
}: {
  title: string;
  intent: "tambah" | "ubah";
  closeTo: string;
  reply: Reply | undefined;
  record?: ImageView;
}) {
  // Only one dialog is open at a time, so any refused post's field error belongs to it.
  const { err } = useReply(reply);
  const busy = useSubmitting(intent);
  const error = err("gambar");
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy}>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        <ImageInput
          name="gambar"
          id={`gambar-${intent}`}
          label="Gambar"
          currentUrl={record?.src}
          hints={record ? [UKURAN_HINT, UPLOAD_KEEP_HINT] : [UKURAN_HINT]}
          errors={error ? [error] : undefined}
          previewClassName="max-h-64"
        />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}
