import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/produk";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { StatusBadge, StatusField } from "~/components/operator/status-tayang";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { listKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { listSemuaKategori } from "~/domain/kategori/kategori.server";
import { produkFotoSchema, produkSchema } from "~/domain/produk/produk.schema";
import {
  countGambarProduk,
  deleteProduk,
  getProdukForm,
  getProdukSummary,
  listProdukPage,
  simpanProdukDenganFoto,
  type ProdukForm,
  type ProdukRow,
} from "~/domain/produk/produk.server";
import { formatHarga } from "~/lib/util/format";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { InputField, TextareaField } from "~/components/ui/form-fields";
import { PhotoPicker, photoUploadUrl, usePhotoQueue } from "~/components/operator/photo-picker";
import { showToast } from "~/components/ui/toast";
import { useReply } from "~/components/ui/use-reply";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { SAVE_FAILED, SAVED } from "~/lib/util/messages";

export const handle = { title: "Produk" };

/**
 * Posted by the form's script when it sends the chosen photos itself after the save, one by one
 * with their progress: the save then answers the product's id instead of going back to the list.
 */
const FOTO_MENYUSUL = "foto_menyusul";

/**
 * Add and edit: the product, and the photos posted with it (without JavaScript) added to its
 * images — all or nothing (domain: simpanProdukDenganFoto).
 */
const simpan = (ubah: boolean) =>
  saveIntent(produkFotoSchema, (value, { db, id }) => simpanProdukDenganFoto(db, ubah ? id : null, value, value.gambar), {
    fileField: "gambar",
    saved: (outcome, ctx) =>
      ctx.form.get(FOTO_MENYUSUL) && typeof outcome === "object" && outcome !== null && "produk" in outcome
        ? ctx.reply(200, "", { produkId: (outcome.produk as ProdukForm).id })
        : null,
  });

const screen = crudScreen({
  table: "produk",
  list: listProdukPage,
  get: getProdukForm,
  getHapus: (db, id) => {
    const hapus = getProdukSummary(db, id);
    return hapus ? { id: hapus.id, nama_produk: hapus.nama_produk, gambar: countGambarProduk(db, id) } : null;
  },
  // Categories and branch offices are loaded only when a form is open (spec: "when the modal opens").
  extra: (db, { tambah, ubah }) => ({
    pilihan:
      tambah || ubah
        ? {
            // Drafts included (a product may wait in a draft category), named so in the select.
            kategori: listSemuaKategori(db).map(({ id, kategori, status }) => ({ id, kategori: status === "Draf" ? `${kategori} (Draf)` : kategori })),
            gudang: listKantorCabang(db).map(({ id, kantor_cabang }) => ({ id, kantor_cabang })),
          }
        : null,
  }),
  intents: {
    tambah: simpan(false),
    ubah: simpan(true),
    // Any refusal reads 'Gagal menghapus data' here.
    hapus: deleteIntent(async ({ db, id }) => (await deleteProduk(db, id)).ok),
  },
  // Photos far over the body's limit (without JavaScript): said on the photo field.
  upload: { field: "gambar", intent: (url) => (url.searchParams.has("ubah") ? "ubah" : "tambah"), summary: SAVE_FAILED },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<ProdukRow>();
const columns = [
  col.accessor("kategori", {
    header: "Kategori",
    cell: (info) => info.getValue() ?? <span className="text-stone-400">—</span>,
  }),
  col.accessor("nama_produk", {
    header: "Nama Produk",
    // The badge says whether the public site shows it (the spec's columns stay as they are).
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{row.original.nama_produk}</span>
        <StatusBadge status={row.original.status} kategoriStatus={row.original.kategori_status} />
      </span>
    ),
  }),
  col.accessor("gudang", {
    header: "Tersedia Gudang",
    cell: (info) => <GudangBadges names={info.getValue()} />,
  }),
  col.accessor("harga", {
    header: "Harga",
    cell: (info) => <span className="whitespace-nowrap">{formatHarga(info.getValue())}</span>,
  }),
];

function GudangBadges({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tersedia di gudang">
      {names.map((name) => (
        <li key={name} className="chip">
          {name}
        </li>
      ))}
    </ul>
  );
}

export default function Produk({ loaderData, actionData }: Route.ComponentProps) {
  const { pilihan } = loaderData;
  return (
    <CrudPage
      title="Produk"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama_produk}
      rowItems={(row) => [
        { label: "Gambar Produk", to: `/operator/produk/gambarproduk/${row.id}` },
        // The product page as the public would see it, draft or not.
        { label: "Pratinjau", to: `/pratinjau/produk/${row.id}` },
      ]}
      form={(props) => (pilihan ? <ProdukDialog {...props} pilihan={pilihan} /> : null)}
      deleting={(hapus) => ({
        itemName: hapus.nama_produk,
        note: hapus.gambar > 0 ? `${hapus.gambar} gambar produk ini juga akan dihapus.` : undefined,
      })}
      toolbar={
        // Every product × branch as CSV, and the import with its dry run.
        <>
          <a
            href="/operator/produk/produk/ekspor"
            download
            className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 shadow-sm hover:bg-stone-50"
          >
            Ekspor CSV
          </a>
          <Link
            to="/operator/produk/produk/impor"
            className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 shadow-sm hover:bg-stone-50"
          >
            Impor CSV
          </Link>
        </>
      }
    >
      <p className="mt-3 text-sm text-stone-500">
        Produk Draf, dan produk dari kategori Draf, tidak tampil di situs; lihat tampilannya lewat Aksi → Pratinjau. Ketik
        &quot;draf&quot; di Pencarian untuk melihat semua produk Draf.
      </p>
    </CrudPage>
  );
}

type Pilihan = { kategori: { id: number; kategori: string }[]; gudang: { id: number; kantor_cabang: string }[] };

/** Conform's initial value of a field as a list of strings (one checkbox gives a string). */
function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
}

/** The save's answer when the browser sends the photos itself (FOTO_MENYUSUL). */
function savedIdOf(reply: CrudFormProps<ProdukForm>["reply"]): number | null {
  const id = (reply as { produkId?: unknown } | undefined)?.produkId;
  return typeof id === "number" ? id : null;
}

/**
 * The photos of the product form, with JavaScript: the form is saved first (its answer names
 * the product), then the photos go one by one to the product's images. All through: back to
 * the list with the toast. Some failed: the dialog stays with their reasons, the product is
 * saved, and Simpan now only sends the failed photos again (never the product a second time).
 */
function useFotoMenyusul(props: CrudFormProps<ProdukForm>) {
  const queue = usePhotoQueue();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [savedId, setSavedId] = useState<number | null>(null);
  const started = useRef<unknown>(null);
  const { uploadAll } = queue;
  const { reply, closeTo } = props;

  const send = useCallback(
    async (produkId: number) => {
      setSending(true);
      const { failed } = await uploadAll(photoUploadUrl(produkId));
      setSending(false);
      if (failed === 0) {
        showToast("success", SAVED);
        void navigate(closeTo, { replace: true, preventScrollReset: true });
      } else {
        setSavedId(produkId);
        showToast("error", SAVE_FAILED);
      }
    },
    [uploadAll, navigate, closeTo],
  );

  useEffect(() => {
    const produkId = savedIdOf(reply);
    if (produkId === null || started.current === reply) return;
    started.current = reply;
    void send(produkId);
  }, [reply, send]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (savedId === null) return;
    event.preventDefault();
    if (!sending) void send(savedId);
  };
  return { queue, sending, savedId, onSubmit };
}

function ProdukDialog({ pilihan, ...props }: CrudFormProps<ProdukForm> & { pilihan: Pilihan }) {
  const { record } = props;
  const hydrated = useHydrated();
  const foto = useFotoMenyusul(props);
  const { err } = useReply(props.reply);
  const fotoError = err("gambar");
  const [form, fields] = useDialogForm(
    produkSchema,
    "produk",
    props,
    (r) => ({
      id_kategori: r.id_kategori === null ? "" : String(r.id_kategori),
      nama_produk: r.nama_produk,
      deskripsi: r.deskripsi,
      harga: r.harga,
      gudang: r.gudang.map(String),
      status: r.status,
    }),
  );
  // After a refused post (also without JavaScript) the choices come back from the reply.
  const kategoriAwal = asList(fields.id_kategori.initialValue)[0] ?? "";
  const gudangAwal = new Set(asList(fields.gudang.initialValue));
  const gudangErrorId = `${fields.gudang.id}-error`;
  return (
    <FormDialog {...props} form={form} size="lg" encType="multipart/form-data" working={foto.sending} onSubmit={foto.onSubmit}>
      <Field label="Kategori" htmlFor={fields.id_kategori.id} errors={fields.id_kategori.errors}>
        <select
          key={fields.id_kategori.key}
          id={fields.id_kategori.id}
          name={fields.id_kategori.name}
          defaultValue={kategoriAwal}
          aria-invalid={fields.id_kategori.errors?.length ? true : undefined}
          aria-describedby={fields.id_kategori.errors?.length ? `${fields.id_kategori.id}-error` : undefined}
          className={inputClass}
        >
          <option value="">-- Pilih Kategori --</option>
          {pilihan.kategori.map((k) => (
            <option key={k.id} value={k.id}>
              {k.kategori}
            </option>
          ))}
        </select>
      </Field>
      <InputField field={fields.nama_produk} label="Nama Produk" required />
      {record ? (
        <Field label="SEO" htmlFor="produk-seo" hint="Dibuat otomatis dari nama produk.">
          <input id="produk-seo" value={record.nama_seo} readOnly className={inputClass} />
        </Field>
      ) : null}
      <TextareaField field={fields.deskripsi} label="Deskripsi" required rows={5} />
      <InputField field={fields.harga} label="Harga" required hint="Tampil sebagai 'Rp. …', contoh: 1250000 atau Mulai 900 ribu." />
      <fieldset
        className="space-y-2"
        aria-invalid={fields.gudang.errors?.length ? true : undefined}
        aria-describedby={fields.gudang.errors?.length ? gudangErrorId : undefined}
      >
        <legend className="text-sm font-semibold text-stone-700">Tersedia di Gudang</legend>
        {pilihan.gudang.length === 0 ? (
          <p className="text-sm text-stone-500">Belum ada kantor cabang.</p>
        ) : (
          <div key={fields.gudang.key} className="grid gap-2 sm:grid-cols-2">
            {pilihan.gudang.map((g) => (
              <label
                key={g.id}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm text-stone-700 hover:bg-kayu-50 has-[:checked]:border-kayu-500 has-[:checked]:bg-kayu-50"
              >
                <input
                  type="checkbox"
                  name={fields.gudang.name}
                  value={g.id}
                  defaultChecked={gudangAwal.has(String(g.id))}
                  className="h-4 w-4 accent-kayu-700"
                />
                {g.kantor_cabang}
              </label>
            ))}
          </div>
        )}
        {fields.gudang.errors?.length ? (
          <p id={gudangErrorId} className="text-xs font-medium text-red-600">
            {fields.gudang.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <StatusField field={fields.status} hint="Produk Draf tidak tampil di situs dan API publik; lihat dulu lewat Pratinjau." />
      {/* With JavaScript: the photos follow the save, one by one (useFotoMenyusul). */}
      {hydrated && foto.queue.items.length > 0 ? <input type="hidden" name={FOTO_MENYUSUL} value="1" /> : null}
      <PhotoPicker
        id={`produk-${props.intent}-gambar`}
        name="gambar"
        label={record ? "Tambah Foto Produk" : "Foto Produk"}
        queue={foto.queue}
        hints={["Foto ditambahkan di akhir Gambar Produk; foto pertama menjadi sampul."]}
        errors={fotoError ? [fotoError] : undefined}
        busy={foto.sending}
      />
      {foto.savedId !== null ? (
        <Alert>
          Produk sudah disimpan, tetapi ada foto yang gagal diunggah. Tekan Simpan untuk mencoba lagi, atau tambahkan nanti di{" "}
          <Link to={`/operator/produk/gambarproduk/${foto.savedId}`} className="underline">
            Gambar Produk
          </Link>
          .
        </Alert>
      ) : null}
    </FormDialog>
  );
}
