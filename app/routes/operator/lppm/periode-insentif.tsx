/**
 * Periode Insentif (Operator → LPPM): the yearly incentive call — the year whose
 * publications are claimed, the budget the Kepala's penetapan keeps to, and the window in which
 * lecturers submit their claims.
 */
import type { Route } from "./+types/periode-insentif";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { periodeInsentifSchema } from "~/domain/lppm/insentif/insentif.schema";
import {
  deletePeriodeInsentif,
  getPeriodeInsentif,
  listPeriodeInsentifPage,
  periodeInsentifInUse,
  savePeriodeInsentif,
  type PeriodeInsentif,
} from "~/domain/lppm/insentif/master.server";
import { masterScreen } from "~/http/crud-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";
import { InputField } from "~/components/ui/form-fields";

export const handle = { title: "Periode Insentif" };

const screen = masterScreen({
  table: "lppm-periode-insentif",
  list: listPeriodeInsentifPage,
  get: getPeriodeInsentif,
  dipakai: periodeInsentifInUse,
  schema: periodeInsentifSchema,
  save: savePeriodeInsentif,
  remove: deletePeriodeInsentif,
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<PeriodeInsentif>();
const columns = [
  col.accessor("tahun", { header: "Tahun" }),
  col.accessor("anggaran_total", { header: "Anggaran", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("pengajuan_buka", { header: "Pengajuan Dibuka", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
  col.accessor("pengajuan_tutup", { header: "Pengajuan Ditutup", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
];

export default function PeriodeInsentifScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Periode Insentif"
      caption="Daftar periode insentif publikasi"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => `Insentif ${row.tahun}`}
      form={(props) => <PeriodeInsentifForm {...props} />}
      deleting={(hapus) => ({ itemName: `Insentif ${hapus.tahun}`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function PeriodeInsentifForm(props: CrudFormProps<PeriodeInsentif>) {
  const [form, fields] = useDialogForm(
    periodeInsentifSchema,
    "periode-insentif",
    props,
    (r) => ({
      tahun: String(r.tahun),
      anggaran_total: groupRupiah(r.anggaran_total),
      pengajuan_buka: toWibDateTimeInput(r.pengajuan_buka ? new Date(r.pengajuan_buka) : null),
      pengajuan_tutup: toWibDateTimeInput(r.pengajuan_tutup ? new Date(r.pengajuan_tutup) : null),
    }),
  );
  return (
    <FormDialog {...props} form={form}>
      <InputField field={fields.tahun} label="Tahun Terbit yang Diklaim" required inputMode="numeric" placeholder="2026" />
      <InputField field={fields.anggaran_total} label="Anggaran Total (Rp)" required inputMode="numeric" placeholder="100.000.000" />
      <InputField field={fields.pengajuan_buka} label="Pengajuan Dibuka (WIB)" type="datetime-local" required />
      <InputField field={fields.pengajuan_tutup} label="Pengajuan Ditutup (WIB)" type="datetime-local" required />
    </FormDialog>
  );
}
