/**
 * Notifikasi: every message the product sends (LPPM notifications and reminders, password
 * resets), one row per channel — in the application (the users' inboxes), e-mail and WhatsApp —
 * with its state: waiting, being sent, sent, failed (with the error) or skipped (why). Filters by
 * channel and status; 'Kirim ulang' puts a failed, skipped or sent e-mail or WhatsApp message
 * back in the queue now. A new password in a message is masked on the server: it never reaches
 * this page.
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/notifikasi";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { channelState, listOutboxPage, resendOutbox, sendQueued, type OutboxEntry } from "~/domain/notifications/outbox.server";
import {
  CHANNEL_LABELS,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  outboxFilter,
  STATUS_LABELS,
  type OutboxStatus,
} from "~/domain/notifications/notifications.schema";
import { PROVIDER_LABEL } from "~/domain/notifications/whatsapp.server";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/http/guard.server";
import { runAction, withId } from "~/http/action.server";
import { readTableState } from "~/http/table-state.server";

export const handle = { title: "Notifikasi" };

export const RESENT = "Pesan dimasukkan kembali ke antrean pengiriman.";

const WAKTU = new Intl.DateTimeFormat("id-ID", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Jakarta",
});

/** Dates are formatted on the server (one time zone, no hydration mismatch). */
type Row = Omit<OutboxEntry, "created_at" | "sent_at" | "next_attempt_at" | "read_at"> & {
  waktu: string;
  terkirim: string | null;
  berikutnya: string | null;
  dibaca: string | null;
  bisaUlang: boolean;
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const { state, headers } = await readTableState(request, "notifikasi");
  const filter = outboxFilter(url.searchParams);
  const page = listOutboxPage(getDb(), state, filter);
  const rows: Row[] = page.rows.map(({ created_at, sent_at, next_attempt_at, read_at, ...rest }) => ({
    ...rest,
    waktu: WAKTU.format(created_at),
    terkirim: sent_at ? WAKTU.format(sent_at) : null,
    berikutnya: rest.status === "pending" && next_attempt_at ? WAKTU.format(next_attempt_at) : null,
    dibaca: read_at ? WAKTU.format(read_at) : null,
    bisaUlang: rest.channel !== "inbox" && !rest.secret && (rest.status === "failed" || rest.status === "skipped" || rest.status === "sent"),
  }));
  const channels = channelState();
  return data({ list: { ...page, rows }, filter, email: channels.email, whatsapp: channels.whatsapp ? PROVIDER_LABEL[channels.whatsapp as keyof typeof PROVIDER_LABEL] : null }, { headers });
}

/** 'Kirim ulang' (intent kirim-ulang, the row's id). */
export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    "kirim-ulang": withId("Notifikasi tidak ditemukan.", async ({ db, id, settle }) => {
      const result = resendOutbox(db, id);
      if (result.ok) setImmediate(() => void sendQueued(db, [id]));
      return settle(result, RESENT);
    }),
  });

const STATUS_TONE: Record<OutboxStatus, string> = {
  pending: "bg-amber-500",
  sending: "bg-sky-600",
  sent: "bg-green-600",
  failed: "bg-red-600",
  skipped: "bg-stone-500",
};

const col = columnHelper<Row>();
const columns = [
  col.accessor("waktu", { header: "Waktu", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("channel", { header: "Kanal", cell: (info) => CHANNEL_LABELS[info.getValue()] }),
  col.accessor("recipient", {
    header: "Penerima",
    cell: (info) => (
      <span>
        <span className="font-mono">{info.getValue() || "-"}</span>
        {info.row.original.username ? <span className="block text-xs text-stone-500">{info.row.original.username}</span> : null}
      </span>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    cell: (info) => {
      const row = info.row.original;
      return (
        <span className="flex flex-col gap-0.5">
          <span data-status={info.getValue()} className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-bold text-white ${STATUS_TONE[info.getValue()]}`}>
            {STATUS_LABELS[info.getValue()]}
          </span>
          {row.terkirim && row.channel !== "inbox" ? <span className="text-xs whitespace-nowrap text-stone-500">{row.terkirim}</span> : null}
          {row.channel === "inbox" ? <span className="text-xs whitespace-nowrap text-stone-500">{row.dibaca ? `Dibaca ${row.dibaca}` : "Belum dibaca"}</span> : null}
          {row.berikutnya ? <span className="text-xs whitespace-nowrap text-stone-500">Dicoba lagi {row.berikutnya}</span> : null}
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

function KirimUlang({ row }: { row: Row }) {
  if (!row.bisaUlang) return null;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="kirim-ulang" />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-700 hover:bg-stone-50" aria-label={`Kirim ulang notifikasi ${row.id}`}>
        Kirim ulang
      </button>
    </Form>
  );
}

function Filters({ kanal, status }: { kanal: string; status: string }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <span>Kanal</span>
        <select name="kanal" defaultValue={kanal} className="rounded-md border border-stone-300 px-2 py-1.5" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="semua">Semua</option>
          {OUTBOX_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <span>Status</span>
        <select name="status" defaultValue={status} className="rounded-md border border-stone-300 px-2 py-1.5" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="semua">Semua</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export default function Notifikasi({ loaderData }: Route.ComponentProps) {
  const { list, filter, email, whatsapp } = loaderData;
  return (
    <div className="space-y-4">
      <PageHeader title="Notifikasi" />
      <div role="note" className="space-y-1 rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700">
        <p>
          Semua pemberitahuan yang dikirim aplikasi: notifikasi dan pengingat LPPM serta pesan reset password. Setiap pesan
          selalu masuk ke menu Notifikasi penerimanya di aplikasi, dan juga dikirim lewat e-mail dan WhatsApp bila saluran itu
          aktif. Pesan yang gagal dicoba lagi otomatis (1 menit, 5 menit, 30 menit, 2 jam, 6 jam) sebelum dinyatakan gagal.
        </p>
        <p>
          E-mail: <strong>{email ? "aktif" : "belum dikonfigurasi (SMTP_URL, MAIL_FROM)"}</strong>. WhatsApp:{" "}
          <strong>{whatsapp ? `aktif lewat ${whatsapp}` : "belum dikonfigurasi (WA_PROVIDER)"}</strong>.
        </p>
        {whatsapp ? null : (
          <p className="text-amber-900">
            Tanpa WhatsApp, pesan reset password tidak dapat dikirim. Pemilik server dapat membuat password baru dengan{" "}
            <code>npm run user:reset-password -- &lt;username&gt;</code>.
          </p>
        )}
      </div>
      <DataTable caption="Daftar notifikasi" columns={columns} list={list} action={(row) => <KirimUlang row={row} />} filters={<Filters kanal={filter.kanal} status={filter.status} />} />
    </div>
  );
}
