/**
 * Notifikasi: the outbox of password-reset messages (/lupa-password). Operators see when each
 * was written, where it goes and whether the WhatsApp gateway delivered it. The new password
 * in a message is masked on the server: it never reaches this page.
 */
import { data } from "react-router";
import type { Route } from "./+types/notifikasi";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { gatewayConfigured, listOutboxPage, type OutboxEntry } from "~/domain/notifications/outbox.server";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";

export const handle = { title: "Notifikasi" };

const WAKTU = new Intl.DateTimeFormat("id-ID", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Jakarta",
});

/** Dates are formatted on the server (one time zone, no hydration mismatch). */
type Row = Omit<OutboxEntry, "created_at" | "sent_at"> & { waktu: string; terkirim: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const { state, headers } = await readTableState(request, "notifikasi");
  const page = listOutboxPage(getDb(), state);
  const rows: Row[] = page.rows.map(({ created_at, sent_at, ...rest }) => ({
    ...rest,
    waktu: WAKTU.format(created_at),
    terkirim: sent_at ? WAKTU.format(sent_at) : null,
  }));
  return data({ list: { ...page, rows }, gateway: gatewayConfigured() }, { headers });
}

const STATUS: Record<OutboxEntry["status"], { label: string; className: string }> = {
  pending: { label: "Menunggu", className: "bg-amber-500" },
  sent: { label: "Terkirim", className: "bg-green-600" },
  failed: { label: "Gagal", className: "bg-red-600" },
};

const col = columnHelper<Row>();
const columns = [
  col.accessor("waktu", { header: "Waktu", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("channel", { header: "Kanal", cell: (info) => (info.getValue() === "whatsapp" ? "WhatsApp" : info.getValue()) }),
  col.accessor("recipient", {
    header: "Penerima",
    cell: (info) => (
      <span>
        <span className="font-mono">{info.getValue()}</span>
        {info.row.original.username ? <span className="block text-xs text-stone-500">{info.row.original.username}</span> : null}
      </span>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    cell: (info) => {
      const s = STATUS[info.getValue()];
      return (
        <span className="flex flex-col gap-0.5">
          <span className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-bold text-white ${s.className}`}>{s.label}</span>
          {info.row.original.terkirim ? <span className="text-xs whitespace-nowrap text-stone-500">{info.row.original.terkirim}</span> : null}
        </span>
      );
    },
  }),
  col.accessor("attempts", { header: "Percobaan", cell: (info) => <span className="block text-center">{info.getValue()}</span> }),
  col.accessor("last_error", {
    header: "Error Terakhir",
    cell: (info) => <span className="text-xs break-words text-red-700">{info.getValue() ?? "-"}</span>,
  }),
  col.accessor("body", {
    header: "Pesan",
    cell: (info) => (
      <details className="max-w-xs">
        <summary className="cursor-pointer text-xs font-semibold text-kayu-700">{info.row.original.subject || "Lihat pesan"}</summary>
        <pre className="mt-1 text-xs whitespace-pre-wrap text-stone-700">{info.getValue()}</pre>
      </details>
    ),
  }),
];

export default function Notifikasi({ loaderData }: Route.ComponentProps) {
  const { list, gateway } = loaderData;
  return (
    <div className="space-y-4">
      <PageHeader title="Notifikasi" />
      {gateway ? null : (
        <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Gateway WhatsApp belum dikonfigurasi (WA_GATEWAY_URL), jadi pesan reset password hanya tersimpan di sini dan di log
          server. Pemilik server dapat membuat password baru dengan <code>npm run user:reset-password -- &lt;username&gt;</code>.
        </div>
      )}
      <DataTable caption="Daftar notifikasi" columns={columns} list={list} />
    </div>
  );
}
