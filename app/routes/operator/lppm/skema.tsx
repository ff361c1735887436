import type { Route } from "./+types/skema";
import { AktifBadge } from "~/components/operator/aktif-badge";
import { JenisField } from "~/components/lppm/jenis-field";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { JENIS_LABELS, JENIS_LUARAN } from "~/domain/lppm/jenis";
import { skemaSchema } from "~/domain/lppm/master/skema.schema";
import { countPeriodeOfSkema, deleteSkema, getSkema, listSkemaPage, saveSkema, skemaInUseMessage } from "~/domain/lppm/master/skema.server";
import type { Skema } from "~/domain/lppm/master/periode.server";
import { JABATAN_AKADEMIK } from "~/domain/users/roles";
import { masterScreen } from "~/http/crud-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { InputField, SelectField } from "~/components/ui/form-fields";

export const handle = { title: "Skema" };

const screen = masterScreen({
  table: "lppm-skema",
  list: listSkemaPage,
  get: getSkema,
  dipakai: (db, id) => skemaInUseMessage(countPeriodeOfSkema(db, id)),
  schema: skemaSchema,
  save: saveSkema,
  remove: deleteSkema,
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<Skema>();
const columns = [
  col.accessor("nama", { header: "Skema" }),
  col.accessor("jenis", { header: "Jenis", cell: (info) => JENIS_LABELS[info.getValue()] }),
  col.accessor("dana_maksimal", { header: "Dana Maksimal", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("min_jabatan", { header: "Jabatan Minimal", cell: (info) => info.getValue() ?? "Semua" }),
  col.accessor("max_anggota_dosen", { header: "Maks. Anggota" }),
  col.accessor("luaran_wajib", { header: "Luaran Wajib", cell: (info) => info.getValue().join(", ") || "-" }),
  col.accessor("aktif", { header: "Status", cell: (info) => <AktifBadge aktif={info.getValue()} /> }),
];

export default function SkemaScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Skema"
      caption="Daftar skema penelitian dan pengabdian"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) => <SkemaForm {...props} />}
      deleting={(hapus) => ({ itemName: `${hapus.nama} (${JENIS_LABELS[hapus.jenis]})`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function Check({ name, label, checked, value }: { name: string; label: string; checked: boolean; value?: string }) {
  return (
    <label className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm hover:bg-stone-50">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 accent-kayu-700" />
      {label}
    </label>
  );
}

function SkemaForm(props: CrudFormProps<Skema>) {
  const { record } = props;
  const [form, fields] = useDialogForm(
    skemaSchema,
    "skema",
    props,
    (r) => ({
      jenis: r.jenis,
      nama: r.nama,
      dana_maksimal: groupRupiah(r.dana_maksimal),
      honor_maks_persen: String(r.honor_maks_persen),
      min_jabatan: r.min_jabatan ?? "",
      max_anggota_dosen: String(r.max_anggota_dosen),
      wajib_mahasiswa: String(r.wajib_mahasiswa),
      tkt_min: r.tkt_min === null ? "" : String(r.tkt_min),
      tkt_max: r.tkt_max === null ? "" : String(r.tkt_max),
    }),
    { jenis: "penelitian", honor_maks_persen: "10", max_anggota_dosen: "2", wajib_mahasiswa: "0" },
  );
  // After a refused post the boxes show what was sent; otherwise the record's values.
  const sent = props.reply?.result && "initialValue" in props.reply.result ? (props.reply.result.initialValue as Record<string, unknown> | null) : null;
  const ticked = (name: string, stored: boolean) => (sent ? [sent[name]].flat().includes("on") : stored);
  const luaran = new Set(sent ? [sent.luaran_wajib ?? []].flat().map(String) : (record?.luaran_wajib ?? []));
  return (
    <FormDialog {...props} form={form} size="xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <JenisField field={fields.jenis} />
        <InputField field={fields.nama} label="Nama Skema" required placeholder="Penelitian Dosen Pemula" />
        <InputField field={fields.dana_maksimal} label="Dana Maksimal (Rp)" required inputMode="numeric" placeholder="15.000.000" />
        <InputField field={fields.honor_maks_persen} label="Batas Honor (% dari RAB)" hint="Bawaan 10" inputMode="numeric" />
        <SelectField field={fields.min_jabatan} label="Jabatan Akademik Minimal Ketua" placeholder="Semua" options={JABATAN_AKADEMIK.map((j) => ({ value: j, label: j }))} />
        <InputField field={fields.max_anggota_dosen} label="Maksimal Anggota Dosen" inputMode="numeric" />
        <InputField field={fields.wajib_mahasiswa} label="Jumlah Mahasiswa Wajib" inputMode="numeric" />
        <div className="grid grid-cols-2 gap-3">
          <InputField field={fields.tkt_min} label="TKT Minimal" hint="Penelitian saja" inputMode="numeric" />
          <InputField field={fields.tkt_max} label="TKT Maksimal" inputMode="numeric" />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-700">Luaran Wajib</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {JENIS_LUARAN.map((l) => (
            <Check key={l} name="luaran_wajib" value={l} label={l} checked={luaran.has(l)} />
          ))}
        </div>
        {fields.luaran_wajib.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.luaran_wajib.errors[0]}</p> : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-700">Aturan</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <Check name="wajib_mitra" label="Mitra wajib (pengabdian)" checked={ticked("wajib_mitra", record?.wajib_mitra ?? false)} />
          <Check name="reviewer_lain_prodi" label="Reviewer dari prodi lain" checked={ticked("reviewer_lain_prodi", record?.reviewer_lain_prodi ?? false)} />
          <Check name="review_buta" label="Review buta (tim disembunyikan)" checked={ticked("review_buta", record?.review_buta ?? false)} />
          <Check name="aktif" label="Aktif" checked={ticked("aktif", record?.aktif ?? true)} />
        </div>
        {fields.wajib_mitra.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.wajib_mitra.errors[0]}</p> : null}
      </fieldset>
    </FormDialog>
  );
}
