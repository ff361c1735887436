import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/kantorcabang";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { kantorCabangSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  listKantorCabangPage,
  updateKantorCabangNama,
  type KantorCabang,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Kantor Cabang" };

const screen = crudScreen({
  table: "kantorcabang",
  list: listKantorCabangPage,
  get: getKantorCabang,
  getHapus: (db, id) => {
    const hapus = getKantorCabang(db, id);
    return hapus ? { ...hapus, dipakai: countProdukDiKantor(db, id) } : null;
  },
  intents: {
    create: saveIntent(kantorCabangSchema, (value, { db }) => {
      createKantorCabang(db, value);
    }),
    update: saveIntent(kantorCabangSchema, (value, { db, id }) => updateKantorCabangNama(db, id, value)),
    delete: deleteIntent(({ db, id }) => deleteKantorCabang(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<KantorCabang>();
const columns = [col.accessor("kantor_cabang", { header: "Kantor Cabang" })];

export default function KantorCabangScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Kantor Cabang"
      caption="Daftar kantor cabang"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.kantor_cabang}
      form={(props) => <KantorCabangForm {...props} />}
      titles={{ create: "Tambah Kantor Cabang", update: "Ubah Kantor Cabang" }}
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

function KantorCabangForm(props: CrudFormProps<KantorCabang>) {
  const { intent, record } = props;
  const [form, fields] = useZodForm(kantorCabangSchema, {
    ...dialogFormOptions("kantor-cabang", props),
    defaultValue: record ? { kantor_cabang: record.kantor_cabang } : undefined,
  });
  return (
    <FormDialog {...props} form={form} recordId={record?.id}>
      <Field
        label="Kantor Cabang"
        htmlFor={fields.kantor_cabang.id}
        errors={fields.kantor_cabang.errors}
        required
        hint={intent === "create" ? "Alamat, No Whatsapp dan peta diisi di menu Kontak Kami." : undefined}
      >
        <input {...inputProps(fields.kantor_cabang, { type: "text" })} className={inputClass} autoFocus />
      </Field>
    </FormDialog>
  );
}
