/**
 * Log Aktivitas: who changed what and when, as the domain's one write hook
 * recorded it. Read only: the table of the back office (search, paging, page size in the URL)
 * with filters by user, kind of record and WIB day range as fields of the same GET form, so it
 * works without JavaScript. A filter value that does not fit (a user or kind the log does not
 * name, a date that is not one) is left out with a message saying so; the page never fails on
 * one. Entries older than AKTIVITAS_RETENSI_HARI days are removed by the daily job.
 */
import { data, useLocation } from "react-router";
import type { Route } from "./+types/log-aktivitas";
import { PageHeader } from "~/components/operator/page-header";
import { AppLink } from "~/components/ui/app-link";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import {
  aktivitasFilterChoices,
  AKSI,
  listAktivitasPage,
  type AktivitasFilter,
  type AktivitasRow,
} from "~/domain/aktivitas/aktivitas.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { getDb } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { formatWib, parseWibDate } from "~/lib/util/wib";

export const handle = { title: "Log Aktivitas" };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The filter fields of the table's GET form. */
const FILTER_KEYS = ["pengguna", "entitas", "dari", "sampai"] as const;
type FilterForm = Record<(typeof FILTER_KEYS)[number], string>;

/** The log's names of records, as the page shows them; any other is written out ("gambar-produk" → "Gambar Produk"). */
const ENTITAS_LABEL: Record<string, string> = { users: "Pengguna", setting: "Setting", profil: "Profil Perusahaan" };

function entitasLabel(entitas: string): string {
  return ENTITAS_LABEL[entitas] ?? entitas.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A value from the URL shown back in a message: short, on one line. */
function quoted(value: string): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return `"${flat.length > 40 ? `${flat.slice(0, 40)}…` : flat}"`;
}

/**
 * The filters the URL asks for, checked against what the log holds: each one that does not fit
 * is left out (its field shows 'Semua' or stays empty) and named in `pesan`.
 */
function readFilter(
  params: URLSearchParams,
  choices: { entitas: string[]; users: { id: number }[] },
): { filter: AktivitasFilter; form: FilterForm; pesan: string[] } {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, (params.get(key) ?? "").trim()])) as FilterForm;
  const form: FilterForm = { pengguna: "", entitas: "", dari: "", sampai: "" };
  const filter: AktivitasFilter = {};
  const pesan: string[] = [];

  if (raw.pengguna) {
    const id = /^\d{1,9}$/.test(raw.pengguna) ? Number(raw.pengguna) : NaN;
    if (choices.users.some((u) => u.id === id)) {
      filter.user = id;
      form.pengguna = String(id);
    } else {
      pesan.push(`Pengguna ${quoted(raw.pengguna)} tidak ada di log: filter pengguna diabaikan.`);
    }
  }
  if (raw.entitas) {
    if (choices.entitas.includes(raw.entitas)) {
      filter.entitas = raw.entitas;
      form.entitas = raw.entitas;
    } else {
      pesan.push(`Jenis data ${quoted(raw.entitas)} tidak ada di log: filter jenis data diabaikan.`);
    }
  }
  if (raw.dari) {
    const start = parseWibDate(raw.dari);
    if (start) {
      filter.dari = start;
      form.dari = raw.dari;
    } else {
      pesan.push(`Tanggal "Dari" ${quoted(raw.dari)} tidak valid (format TTTT-BB-HH): filter diabaikan.`);
    }
  }
  if (raw.sampai) {
    const day = parseWibDate(raw.sampai);
    if (day) {
      // Inclusive: the whole day in WIB, up to 00.00 of the next.
      filter.sampai = new Date(day.getTime() + DAY_MS);
      form.sampai = raw.sampai;
    } else {
      pesan.push(`Tanggal "Sampai" ${quoted(raw.sampai)} tidak valid (format TTTT-BB-HH): filter diabaikan.`);
    }
  }
  if (filter.dari && filter.sampai && filter.dari >= filter.sampai) {
    pesan.push(`Tanggal "Dari" (${form.dari}) lebih akhir dari "Sampai" (${form.sampai}): tidak ada entri dalam rentang itu.`);
  }
  return { filter, form, pesan };
}

// ---- the rows as the table shows them (formatted here: the browser gets short strings) ----------

/** One changed field: its name and "before → after", or the value alone when created or deleted. */
type Perubahan = { field: string; text: string; full?: string };

type Row = {
  id: number;
  waktu: string;
  pengguna: string;
  sistem: boolean;
  aksi: string;
  data: string;
  ringkasan: string | null;
  perubahan: Perubahan[];
};

/** A value longer than this is cut in the table; the log's copy (≤ 200 characters) is the title. */
const VALUE_PREVIEW = 80;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

function valueText(value: string | number | boolean | null): string {
  if (value === null || value === "") return "(kosong)";
  if (typeof value === "boolean") return value ? "ya" : "tidak";
  if (typeof value === "number") return String(value);
  if (ISO_MOMENT.test(value)) return formatWib(new Date(value));
  return value.replace(/\s+/g, " ").trim();
}

function perubahanOf(row: AktivitasRow): Perubahan[] {
  return Object.entries(row.perubahan ?? {}).map(([field, [before, after]]) => {
    const shown =
      row.aksi === "tambah" ? valueText(after) : row.aksi === "hapus" ? valueText(before) : `${valueText(before)} → ${valueText(after)}`;
    return shown.length > VALUE_PREVIEW ? { field, text: `${shown.slice(0, VALUE_PREVIEW)}…`, full: shown } : { field, text: shown };
  });
}

function toRow(row: AktivitasRow): Row {
  const aksi = (AKSI as Record<string, string>)[row.aksi] ?? row.aksi;
  return {
    id: row.id,
    waktu: formatWib(row.waktu),
    pengguna: row.nama_user,
    sistem: row.id_user === null,
    aksi,
    data: row.id_entitas ? `${entitasLabel(row.entitas)} #${row.id_entitas}` : entitasLabel(row.entitas),
    ringkasan: row.ringkasan,
    perubahan: perubahanOf(row),
  };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "aktivitas");
  const choices = aktivitasFilterChoices(db);
  const { filter, form, pesan } = readFilter(url.searchParams, choices);
  const page = listAktivitasPage(db, state, filter);
  return data(
    {
      list: { ...page, rows: page.rows.map(toRow) },
      filter: form,
      pesan,
      users: choices.users,
      entitas: choices.entitas.map((value) => ({ value, label: entitasLabel(value) })),
      retensiHari: getEnv().AKTIVITAS_RETENSI_HARI,
    },
    { headers },
  );
}

// ---- the page -------------------------------------------------------------------------------

/** Fields shown at once; the rest of a long change (a new product) opens under 'lainnya'. */
const FIELDS_SHOWN = 4;

function PerubahanList({ items }: { items: Perubahan[] }) {
  const line = (item: Perubahan) => (
    <li key={item.field} className="break-words" title={item.full}>
      <span className="font-semibold text-stone-800">{item.field}</span>: {item.text}
    </li>
  );
  const rest = items.slice(FIELDS_SHOWN);
  return (
    <ul className="space-y-0.5 text-xs text-stone-700">
      {items.slice(0, FIELDS_SHOWN).map(line)}
      {rest.length > 0 ? (
        <li>
          <details>
            <summary className="cursor-pointer font-semibold text-kayu-700">{`${rest.length} perubahan lainnya`}</summary>
            <ul className="mt-0.5 space-y-0.5">{rest.map(line)}</ul>
          </details>
        </li>
      ) : null}
    </ul>
  );
}

const col = columnHelper<Row>();
const columns = [
  col.accessor("waktu", { header: "Waktu", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("pengguna", {
    header: "Pengguna",
    cell: (info) => <span className={info.row.original.sistem ? "text-stone-500 italic" : "font-medium"}>{info.getValue()}</span>,
  }),
  col.accessor("aksi", { header: "Aksi", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("data", { header: "Data", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("perubahan", {
    header: "Perubahan",
    cell: (info) => {
      const { ringkasan } = info.row.original;
      const items = info.getValue();
      if (!ringkasan && items.length === 0) return <span className="text-stone-400">–</span>;
      return (
        <div className="min-w-56 space-y-1">
          {ringkasan ? <p className="text-xs text-stone-700">{ringkasan}</p> : null}
          {items.length > 0 ? <PerubahanList items={items} /> : null}
        </div>
      );
    },
  }),
];

const controlClass = "rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm";

function Filters({
  filter,
  users,
  entitas,
}: {
  filter: FilterForm;
  users: { id: number; nama: string }[];
  entitas: { value: string; label: string }[];
}) {
  const location = useLocation();
  const active = FILTER_KEYS.some((key) => filter[key]);
  const cleared = new URLSearchParams(location.search);
  for (const key of FILTER_KEYS) cleared.delete(key);
  cleared.set("page", "1");
  // With JavaScript a chosen user or kind applies at once; the dates apply with 'Terapkan'.
  const submitNow = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <div className="flex flex-wrap items-end gap-2 text-sm text-stone-600">
      <label className="flex flex-col gap-0.5">
        Pengguna
        <select key={`p${filter.pengguna}`} name="pengguna" aria-label="Pengguna" defaultValue={filter.pengguna} onChange={submitNow} className={controlClass}>
          <option value="">Semua pengguna</option>
          {users.map((u) => (
            <option key={u.id} value={String(u.id)}>{u.nama}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5">
        Jenis data
        <select key={`e${filter.entitas}`} name="entitas" aria-label="Jenis data" defaultValue={filter.entitas} onChange={submitNow} className={controlClass}>
          <option value="">Semua data</option>
          {entitas.map((e) => (
            <option key={e.value} value={e.value}>{e.label}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5">
        Dari
        <input key={`d${filter.dari}`} type="date" name="dari" aria-label="Dari tanggal" defaultValue={filter.dari} className={controlClass} />
      </label>
      <label className="flex flex-col gap-0.5">
        Sampai
        <input key={`s${filter.sampai}`} type="date" name="sampai" aria-label="Sampai tanggal" defaultValue={filter.sampai} className={controlClass} />
      </label>
      <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5 font-semibold text-stone-700 hover:bg-stone-50">
        Terapkan
      </button>
      {active ? (
        <AppLink to={`${location.pathname}?${cleared.toString()}`} className="px-1 py-1.5 font-semibold text-kayu-700 hover:underline">
          Hapus filter
        </AppLink>
      ) : null}
    </div>
  );
}

export default function LogAktivitas({ loaderData }: Route.ComponentProps) {
  const { list, filter, pesan, users, entitas, retensiHari } = loaderData;
  return (
    <div className="space-y-4">
      <PageHeader title="Log Aktivitas" />
      <p className="text-sm text-stone-600">
        {`Catatan setiap perubahan data: siapa, kapan, data apa, dan kolom mana yang berubah (password dan token tidak pernah dicatat). Waktu dalam WIB. Entri disimpan ${retensiHari} hari, lalu dihapus otomatis. Log hanya dapat dibaca.`}
      </p>
      {pesan.length > 0 ? (
        <div role="alert" className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {pesan.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      <DataTable
        caption="Daftar aktivitas"
        columns={columns}
        list={list}
        filters={<Filters filter={filter} users={users} entitas={entitas} />}
      />
    </div>
  );
}
