/**
 * Notifikasi (the user's inbox), at <area>/kotak-masuk in every logged-in area: what the
 * product told this user, newest first, paged like the back office's tables. Opening an item
 * ('Buka', a form post) marks it read and goes to the page where they act; 'Tandai semua
 * dibaca' marks every item read. Below, 'Saluran notifikasi': the inbox is always on; e-mail and
 * WhatsApp are the user's choice, and a channel they cannot use says why. Only the user's own
 * items are ever shown or changed.
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/kotak-masuk";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { getPreferences, listInbox, markAllRead, openInboxItem, savePreferences, type InboxItem } from "~/domain/notifications/inbox.server";
import { SaluranNotifikasi } from "~/components/area/saluran-notifikasi";
import { preferenceSchema } from "~/domain/notifications/notifications.schema";
import { safeRedirectPath } from "~/http/auth.server";
import { requireUser } from "~/http/guard.server";
import { runAction, withId } from "~/http/action.server";
import { readTableState } from "~/http/table-state.server";
import { getDb } from "~/lib/server/db.server";
import { withoutParams } from "~/lib/util/modal-params";

export const handle = { title: "Notifikasi" };

export const ALL_READ = "Semua notifikasi ditandai sudah dibaca.";
export const CHANNELS_SAVED = "Pengaturan notifikasi disimpan.";
export const ITEM_NOT_FOUND = "Notifikasi tidak ditemukan.";

const WAKTU = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });

type Row = Omit<InboxItem, "created_at" | "read_at"> & { waktu: string; dibaca: boolean };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "kotak-masuk");
  const page = listInbox(db, user.id, state);
  const rows: Row[] = page.rows.map(({ created_at, read_at, ...item }) => ({ ...item, waktu: WAKTU.format(created_at), dibaca: read_at !== null }));
  return data({ list: { ...page, rows }, saluran: getPreferences(db, user.id) }, { headers });
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      // Someone else's item (or none) is as unknown as a missing one: 404, nothing changes.
      buka: withId(ITEM_NOT_FOUND, ({ db, user, id, url }) => {
        const opened = openInboxItem(db, user.id, id);
        if (!opened) throw data({ message: ITEM_NOT_FOUND }, { status: 404 });
        return redirect(safeRedirectPath(opened.link, withoutParams(url.pathname + url.search)));
      }),
      "tandai-semua": async ({ db, user, done }) => {
        markAllRead(db, user.id);
        return done(ALL_READ);
      },
      "simpan-saluran": async ({ db, user, parse, done }) => {
        savePreferences(db, user.id, parse(preferenceSchema));
        return done(CHANNELS_SAVED);
      },
    },
  );

const col = columnHelper<Row>();
const columns = [
  col.accessor("waktu", { header: "Waktu", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("subject", {
    header: "Notifikasi",
    cell: (info) => {
      const row = info.row.original;
      return (
        <div className="max-w-prose">
          <p className={row.dibaca ? "text-stone-700" : "font-bold text-stone-900"}>
            {row.dibaca ? null : <span className="mr-2 inline-block rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">Baru</span>}
            {info.getValue()}
          </p>
          <p className="mt-0.5 text-sm whitespace-pre-line text-stone-600">{row.body}</p>
        </div>
      );
    },
  }),
];

function Buka({ row }: { row: Row }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="buka" />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" aria-label={`Buka: ${row.subject}`} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-50">
        Buka
      </button>
    </Form>
  );
}

export default function KotakMasuk({ loaderData }: Route.ComponentProps) {
  const { list, saluran } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifikasi"
        toolbar={
          <Form method="post">
            <input type="hidden" name="intent" value="tandai-semua" />
            <button type="submit" className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
              Tandai semua dibaca
            </button>
          </Form>
        }
      />
      <DataTable caption="Daftar notifikasi Anda" columns={columns} list={list} action={(row) => <Buka row={row} />} />
      <SaluranNotifikasi saluran={saluran} />
    </div>
  );
}
