/**
 * Jenis Insentif (Operator → LPPM): the tariff table of publication incentives — a
 * kind of publication at one rank, the amount for the first or corresponding author and for a
 * co-author (who may claim only where ticked), how a claim's amount follows from them
 * (a fixed amount per role, or one amount shared by the authors: tarif.ts), its rules, and
 * whether lecturers may pick it.
 */
import type { Route } from "./+types/jenis-insentif";
import { AktifBadge } from "~/components/operator/aktif-badge";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { JENIS_PUBLIKASI, jenisInsentifSchema, PERINGKAT, peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import {
  deleteJenisInsentif,
  getJenisInsentif,
  jenisInsentifInUse,
  listJenisInsentifPage,
  saveJenisInsentif,
  type JenisInsentif,
} from "~/domain/lppm/insentif/master.server";
import { masterScreen } from "~/http/crud-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { PEMBAGIAN, PEMBAGIAN_LABELS, PORSI_UTAMA_BAKU } from "~/domain/lppm/insentif/tarif";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Jenis Insentif" };

const screen = masterScreen({
  table: "lppm-jenis-insentif",
  list: listJenisInsentifPage,
  get: getJenisInsentif,
  dipakai: jenisInsentifInUse,
  schema: jenisInsentifSchema,
  save: saveJenisInsentif,
  remove: deleteJenisInsentif,
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<JenisInsentif>();
const columns = [
  col.accessor("jenis", { header: "Jenis Publikasi" }),
  col.accessor("peringkat", { header: "Peringkat", cell: (info) => peringkatLabel(info.getValue()) }),
  col.accessor("tarif_utama", { header: "Penulis Pertama/Korespondensi", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("tarif_anggota", {
    header: "Penulis Anggota",
    cell: (info) => {
      const j = info.row.original;
      if (!j.anggota_boleh) return "Tidak berhak";
      return j.pembagian === "proporsional" ? `${100 - j.porsi_utama}% dibagi rata` : formatRupiah(info.getValue());
    },
  }),
  col.accessor("pembagian", {
    header: "Pembagian",
    cell: (info) => (info.getValue() === "proporsional" ? `${PEMBAGIAN_LABELS.proporsional} (utama ${info.row.original.porsi_utama}%)` : PEMBAGIAN_LABELS.per_peran),
  }),
  col.accessor("aktif", { header: "Status", cell: (info) => <AktifBadge aktif={info.getValue()} /> }),
];

export default function JenisInsentifScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Jenis Insentif"
      caption="Tabel tarif insentif publikasi"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => `${row.jenis} ${peringkatLabel(row.peringkat)}`}
      form={(props) => <JenisInsentifForm {...props} />}
      deleting={(hapus) => ({ itemName: `${hapus.jenis} (${peringkatLabel(hapus.peringkat)})`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm hover:bg-stone-50">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4 accent-kayu-700" />
      {label}
    </label>
  );
}

function JenisInsentifForm(props: CrudFormProps<JenisInsentif>) {
  const { record } = props;
  const [form, fields] = useDialogForm(
    jenisInsentifSchema,
    "jenis-insentif",
    props,
    (r) => ({
      jenis: r.jenis,
      peringkat: r.peringkat,
      tarif_utama: groupRupiah(r.tarif_utama),
      tarif_anggota: groupRupiah(r.tarif_anggota),
      pembagian: r.pembagian,
      porsi_utama: String(r.porsi_utama),
      aturan: r.aturan,
    }),
    { peringkat: "-", tarif_anggota: "0", pembagian: "per_peran", porsi_utama: String(PORSI_UTAMA_BAKU) },
  );
  const sent = props.reply?.result && "initialValue" in props.reply.result ? (props.reply.result.initialValue as Record<string, unknown> | null) : null;
  const ticked = (name: string, stored: boolean) => (sent ? [sent[name]].flat().includes("on") : stored);
  return (
    <FormDialog {...props} form={form} size="lg">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.jenis} label="Jenis Publikasi" required placeholder="Pilih jenis" options={JENIS_PUBLIKASI.map((j) => ({ value: j, label: j }))} />
        <SelectField field={fields.peringkat} label="Peringkat" required options={PERINGKAT.map((p) => ({ value: p, label: peringkatLabel(p) }))} />
        <InputField field={fields.tarif_utama} label="Tarif Penulis Pertama/Korespondensi (Rp)" required inputMode="numeric" placeholder="5.000.000" />
        <InputField field={fields.tarif_anggota} label="Tarif Penulis Anggota (Rp)" inputMode="numeric" hint="Dipakai pada pembagian tarif tetap per peran." />
        <SelectField
          field={fields.pembagian}
          label="Pembagian Tarif"
          required
          options={PEMBAGIAN.map((p) => ({ value: p, label: PEMBAGIAN_LABELS[p] }))}
          hint="Tetap per peran: tarif utama atau tarif anggota, berapa pun jumlah penulisnya. Menurut jumlah penulis: tarif utama adalah nilai satu publikasi; penulis tunggal menerima seluruhnya, selain itu penulis pertama/korespondensi menerima porsinya dan sisanya dibagi rata penulis anggota."
        />
        <InputField field={fields.porsi_utama} label="Porsi Penulis Pertama/Korespondensi (%)" inputMode="numeric" hint="Dipakai pada pembagian menurut jumlah penulis; baku 60 (pola angka kredit)." />
      </div>
      <TextareaField field={fields.aturan} label="Aturan" hint="Ditampilkan kepada dosen, mis. syarat bukti dan indeksasi." rows={3} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Check name="anggota_boleh" label="Penulis anggota boleh mengklaim" checked={ticked("anggota_boleh", record?.anggota_boleh ?? false)} />
        <Check name="aktif" label="Aktif (dapat dipilih dosen)" checked={ticked("aktif", record?.aktif ?? true)} />
      </div>
    </FormDialog>
  );
}
