import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/kontakkami";
import { FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { MapsField, WhatsappField } from "~/components/operator/form-parts";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Field, inputClass } from "~/components/ui/field";
import { kontakKamiSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  getKantorCabang,
  listKantorCabangPage,
  updateKontakKantorCabang,
  type KantorCabang,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { waLink } from "~/lib/util/format";
import { normalizeMapUrl } from "~/lib/util/maps";
import { crudScreen, saveIntent } from "~/http/crud-screen.server";
import { TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Kontak Kami" };

/** Edit only: branches are added and removed on the Kantor Cabang screen. */
const screen = crudScreen({
  table: "kontakkami",
  list: listKantorCabangPage,
  get: getKantorCabang,
  intents: {
    ubah: saveIntent(kontakKamiSchema, (value, { db, id }) => updateKontakKantorCabang(db, id, value)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const linkClass = "font-medium text-kayu-700 underline-offset-2 hover:text-kayu-900 hover:underline";

/** A cell linking out (WhatsApp chat, map) in a new tab; 'Belum diisi' while there is no usable link. */
function TautanSel({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${linkClass} whitespace-nowrap`}>
      {children}
    </a>
  ) : (
    <span className="whitespace-nowrap text-stone-400">Belum diisi</span>
  );
}

const col = columnHelper<KantorCabang>();
const columns = [
  col.accessor("kantor_cabang", { header: "Kantor Cabang", cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  col.accessor("alamat", {
    header: "Alamat",
    cell: (info) =>
      info.getValue() ? (
        <span className="block min-w-48 whitespace-pre-line">{info.getValue()}</span>
      ) : (
        <span className="text-stone-400">Belum diisi</span>
      ),
  }),
  col.accessor("kontak", {
    header: "No Whatsapp",
    cell: (info) => <TautanSel href={waLink(info.getValue())}>{info.getValue()}</TautanSel>,
  }),
  col.accessor("maps", {
    header: "Maps",
    cell: (info) => <TautanSel href={normalizeMapUrl(info.getValue())}>Lihat Peta</TautanSel>,
  }),
];

export default function KontakKami({ loaderData, actionData }: Route.ComponentProps) {
  const { list, ubah } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <PageHeader title="Kontak Kami" />
      <DataTable
        caption="Kontak kantor cabang"
        columns={columns}
        list={list}
        action={(row) => (
          <Link
            to={paramHref("ubah", row.id)}
            preventScrollReset
            aria-label={`Ubah kontak ${row.kantor_cabang}`}
            className="inline-block rounded-md border border-stone-200 px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100"
          >
            Ubah
          </Link>
        )}
      />
      {ubah ? <KontakDialog intent="ubah" title="Ubah Kontak Kami" closeTo={closeTo} reply={actionData} record={ubah} /> : null}
    </div>
  );
}

/** Edit only (branches are added and removed on the Kantor Cabang screen). */
function KontakDialog(props: CrudFormProps<KantorCabang> & { record: KantorCabang }) {
  const { record } = props;
  const [form, fields] = useDialogForm(kontakKamiSchema, "kontak", props, (r) => ({ alamat: r.alamat, kontak: r.kontak, maps: r.maps }));
  return (
    <FormDialog {...props} form={form} size="lg">
      <Field label="Kantor Cabang" htmlFor="kontak-kantor-cabang" hint="Nama diubah di menu Kantor Cabang.">
        <input id="kontak-kantor-cabang" value={record.kantor_cabang} readOnly className={inputClass} />
      </Field>
      <TextareaField field={fields.alamat} label="Alamat" required rows={3} autoFocus />
      <WhatsappField field={fields.kontak} />
      <MapsField
        field={fields.maps}
        required
        hint="Tempel link Google Maps (menu Bagikan › Kirim link) atau kode sematan dari Bagikan › Sematkan peta. Hanya link petanya yang disimpan."
      />
    </FormDialog>
  );
}
