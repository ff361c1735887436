import { Fragment } from "react";
import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/kantorcabang";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { HARI, NOMOR_HARI } from "~/domain/kantor-cabang/jam-buka";
import { jamBukaDefaults, jamFields, kantorCabangFormSchema, kantorCabangSchemaFor } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  getKantorCabangUbah,
  listKantorCabangPageJam,
  updateKantorCabangNama,
  type KantorCabangBaris,
  type KantorCabangUbah,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { InputField } from "~/components/ui/form-fields";

export const handle = { title: "Kantor Cabang" };

const screen = crudScreen({
  table: "kantorcabang",
  list: listKantorCabangPageJam,
  get: getKantorCabangUbah,
  getHapus: (db, id) => {
    const hapus = getKantorCabang(db, id);
    return hapus ? { ...hapus, dipakai: countProdukDiKantor(db, id) } : null;
  },
  intents: {
    // The form sends the whole week; a post without hour fields changes the name only.
    tambah: saveIntent(kantorCabangSchemaFor, (value, { db }) => {
      createKantorCabang(db, value);
    }),
    ubah: saveIntent(kantorCabangSchemaFor, (value, { db, id }) => updateKantorCabangNama(db, id, value)),
    hapus: deleteIntent(({ db, id }) => deleteKantorCabang(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<KantorCabangBaris>();
// The spec's columns (No, Kantor Cabang, Action); the hours in one short line under the name.
const columns = [
  col.accessor("kantor_cabang", {
    header: "Kantor Cabang",
    cell: (info) => {
      const jam = info.row.original.jam_buka;
      return (
        <>
          {info.getValue()}
          <span className={`block text-xs ${jam ? "text-stone-500" : "text-stone-400"}`}>Jam buka: {jam ?? "belum diisi"}</span>
        </>
      );
    },
  }),
];

export default function KantorCabangScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Kantor Cabang"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.kantor_cabang}
      form={(props) => <KantorCabangForm {...props} />}
      deleting={(hapus) => ({
        itemName: hapus.kantor_cabang,
        note:
          hapus.dipakai > 0
            ? `Ada ${hapus.dipakai} produk yang tersedia di kantor cabang ini. Kantor cabang tidak dapat dihapus sebelum centangnya dilepas pada produk tersebut.`
            : undefined,
      })}
    />
  );
}

const timeClass = `${inputClass.replace("w-full", "w-24")} text-center tabular-nums`;

function KantorCabangForm(props: CrudFormProps<KantorCabangUbah>) {
  const { intent } = props;
  const [form, fields] = useDialogForm(
    kantorCabangFormSchema,
    "kantor-cabang",
    props,
    (r) => ({ kantor_cabang: r.kantor_cabang, ...jamBukaDefaults(r.jam_buka) }),
  );
  return (
    <FormDialog {...props} form={form} size="lg">
      <InputField field={fields.kantor_cabang} label="Kantor Cabang" required hint={intent === "tambah" ? "Alamat, No Whatsapp dan peta diisi di menu Kontak Kami." : undefined} autoFocus />
      <fieldset aria-describedby={`${form.id}-jam-hint`}>
        <legend className="text-sm font-semibold text-stone-700">Jam Buka</legend>
        <p id={`${form.id}-jam-hint`} className="mb-2 text-xs text-stone-500">
          Format 24 jam, contoh 08:00 dan 17:00; 24:00 untuk tengah malam. Centang Libur untuk hari tutup. Kosongkan semua
          baris bila jam buka tidak dicantumkan di situs.
        </p>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-stone-500">
              <th scope="col" className="py-1 pr-2 font-semibold">Hari</th>
              <th scope="col" className="py-1 pr-2 font-semibold">Buka</th>
              <th scope="col" className="py-1 pr-2 font-semibold">Tutup</th>
              <th scope="col" className="py-1 font-semibold">Libur</th>
            </tr>
          </thead>
          <tbody>
            {NOMOR_HARI.map((hari) => {
              const names = jamFields(hari);
              const buka = fields[names.buka];
              const tutup = fields[names.tutup];
              const libur = fields[names.libur];
              const nama = HARI[hari - 1];
              const messages = [
                [buka.id, buka.errors?.[0]],
                [tutup.id, tutup.errors?.[0]],
              ].filter((m): m is [string, string] => Boolean(m[1]));
              return (
                <Fragment key={hari}>
                  <tr className="align-top">
                    <th scope="row" className="py-1 pt-3 pr-2 text-left font-medium text-stone-700">
                      {nama}
                    </th>
                    {[
                      { field: buka, placeholder: "08:00", label: `Jam buka ${nama}` },
                      { field: tutup, placeholder: "17:00", label: `Jam tutup ${nama}` },
                    ].map(({ field, placeholder, label }) => (
                      <td key={label} className="py-1 pr-2">
                        <input
                          {...inputProps(field, { type: "text" })}
                          inputMode="numeric"
                          placeholder={placeholder}
                          autoComplete="off"
                          aria-label={label}
                          className={timeClass}
                        />
                      </td>
                    ))}
                    <td className="py-1 pt-3">
                      <label className="inline-flex items-center gap-2 text-stone-700">
                        <input {...inputProps(libur, { type: "checkbox" })} aria-label={`${nama} libur`} className="h-4 w-4 accent-kayu-700" />
                        Libur
                      </label>
                    </td>
                  </tr>
                  {messages.length > 0 ? (
                    <tr>
                      <td colSpan={4} className="pb-1">
                        {messages.map(([id, message]) => (
                          <p key={id} id={`${id}-error`} className="text-xs font-medium text-red-600">
                            {message}
                          </p>
                        ))}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </fieldset>
    </FormDialog>
  );
}
