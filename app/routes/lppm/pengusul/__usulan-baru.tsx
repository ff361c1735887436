/**
 * Usulan Baru, the page of PengusulPenelitianUsulanBaru and PengusulPengabdianUsulanBaru (each a
 * module naming its kind; their data: ./__usulan-baru.server.ts): the lecturer's proposals of that kind (led or joined), searched, paged and
 * filtered by status in SQL; the invitations waiting for their answer (Terima / Tolak); 'Usulan
 * Baru' (?tambah=1) picks an open call and creates a DRAF, then the editor opens
 * (/pengusul/usulan/:id); a DRAF is deleted from here (?hapus=ID).
 */
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { dialogFormOptions, FormDialog } from "~/components/operator/crud-page";
import { PageHeader } from "~/components/operator/page-header";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { RowMenu } from "~/components/ui/row-menu";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import type { Jenis } from "~/domain/lppm/master/periode.server";
import { createUsulanSchema } from "~/domain/lppm/usulan/usulan.schema";
import { USULAN_WORKFLOW } from "~/domain/lppm/workflow";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { InputField, SelectField } from "~/components/ui/form-fields";

import { ListFilter, statusOptions, StatusBadge } from "~/components/lppm/kit/status";
import type { usulanBaruLoader } from "./__usulan-baru.server";
import type { Reply } from "~/components/ui/use-reply";

type Data = ReturnType<typeof useLoaderData<typeof usulanBaruLoader>>;

/** Every status, 'Semua' (no filter) first. */
const STATUS_OPTIONS = [{ value: "", label: "Semua" }, ...statusOptions(USULAN_WORKFLOW.statuses).slice(1)];

const col = columnHelper<Data["list"]["rows"][number]>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => (
      <AppLink to={`/pengusul/usulan/${info.row.original.id}`} className="font-semibold text-kayu-700 hover:underline">
        {info.getValue()}
      </AppLink>
    ),
  }),
  col.accessor("periode", { header: "Periode" }),
  col.accessor("peran", { header: "Peran" }),
  col.accessor("dana_diusulkan", { header: "Dana Diusulkan", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function UsulanBaru() {
  const loaderData = useLoaderData<typeof usulanBaruLoader>();
  const actionData = useActionData();
  const { title, jenis, list, undangan, tambah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div className="space-y-6">
      <PageHeader title={title} addHref={paramHref("tambah", 1)} addLabel="+ Usulan Baru" />
      {undangan.length ? <Undangan rows={undangan} /> : null}
      <DataTable
        caption={`Daftar usulan ${JENIS_LABELS[jenis].toLowerCase()} saya`}
        columns={columns}
        list={list}
        filters={<ListFilter value={loaderData.status} options={STATUS_OPTIONS} />}
        action={(row) => (
          <RowMenu
            label={row.judul}
            items={[
              { label: row.status === "DRAF" && row.peran === "Ketua" ? "Ubah" : "Detail", to: `/pengusul/usulan/${row.id}` },
              ...(row.status === "DRAF" && row.peran === "Ketua" ? [{ label: "Hapus", to: paramHref("hapus", row.id), danger: true }] : []),
            ]}
          />
        )}
      />
      {tambah ? <TambahUsulan jenis={jenis} periode={loaderData.periode} closeTo={closeTo} reply={actionData as Reply | undefined} /> : null}
      {hapus ? <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={hapus.judul} question="Menghapus usulan ini?" /> : null}
    </div>
  );
}

function Undangan({ rows }: { rows: Data["undangan"] }) {
  const location = useLocation();
  const busy = useSubmitting();
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-5" aria-labelledby="undangan-anggota">
      <h2 id="undangan-anggota" className="text-base font-bold text-amber-900">Undangan Menjadi Anggota</h2>
      <ul className="mt-3 divide-y divide-amber-200">
        {rows.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <AppLink to={`/pengusul/usulan/${u.id_usulan}`} className="font-semibold text-stone-900 hover:underline">{u.judul}</AppLink>
              <p className="text-sm text-stone-600">Ketua: {u.ketua} · {u.periode}</p>
            </div>
            <Form method="post" action={location.pathname + location.search} className="flex gap-2">
              <input type="hidden" name="id" value={u.id} />
              <button type="submit" name="intent" value="terima" disabled={busy} className="rounded-lg bg-green-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-700 disabled:opacity-60">
                Terima
              </button>
              <button type="submit" name="intent" value="tolak" disabled={busy} className="rounded-lg bg-red-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60">
                Tolak
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TambahUsulan({
  jenis,
  periode,
  closeTo,
  reply,
}: {
  jenis: Jenis;
  periode: Data["periode"];
  closeTo: string;
  reply: Reply | undefined;
}) {
  const [form, fields] = useZodForm(createUsulanSchema, dialogFormOptions("usulan", { intent: "tambah", reply }));
  const title = `Usulan Baru ${JENIS_LABELS[jenis]}`;
  if (!periode.length) {
    return (
      <FormDialog title={title} intent="tambah" closeTo={closeTo} form={form}>
        <Alert>Belum ada periode pengajuan {JENIS_LABELS[jenis].toLowerCase()} yang dibuka.</Alert>
      </FormDialog>
    );
  }
  return (
    <FormDialog title={title} intent="tambah" closeTo={closeTo} form={form}>
      <SelectField field={fields.id_periode} label="Periode / Skema" required placeholder="Pilih periode" options={periode.map((p) => ({ value: p.id, label: `${p.label} — dana maks. ${formatRupiah(p.dana)}${p.tutup ? `, ditutup ${formatWib(p.tutup)}` : ""}` }))} />
      <InputField field={fields.judul} label="Judul" required hint="Isian lain dilengkapi setelah usulan dibuat." />
    </FormDialog>
  );
}
