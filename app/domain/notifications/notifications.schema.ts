/**
 * Notifications, client-safe: the channels and statuses of the outbox with their labels, the
 * filters of the back office's Notifikasi page, the reasons a channel is skipped, and the form
 * of a user's channel choice.
 */
import { z } from "zod";

export const OUTBOX_CHANNELS = ["inbox", "email", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const CHANNEL_LABELS: Record<OutboxChannel, string> = { inbox: "Aplikasi", email: "E-mail", whatsapp: "WhatsApp" };

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "Menunggu",
  sending: "Sedang dikirim",
  sent: "Terkirim",
  failed: "Gagal",
  skipped: "Dilewati",
};

export type KanalFilter = OutboxChannel | "semua";
export type StatusFilter = OutboxStatus | "semua";

/** The page's filters from its URL (`?kanal=email&status=failed`); anything else is "semua". */
export function outboxFilter(params: URLSearchParams): { kanal: KanalFilter; status: StatusFilter } {
  const kanal = params.get("kanal");
  const status = params.get("status");
  return {
    kanal: (OUTBOX_CHANNELS as readonly string[]).includes(kanal ?? "") ? (kanal as OutboxChannel) : "semua",
    status: (OUTBOX_STATUSES as readonly string[]).includes(status ?? "") ? (status as OutboxStatus) : "semua",
  };
}

/** Why a channel was skipped for a user (stored on the row, shown to the operator and the user). */
export const NO_EMAIL = "Alamat e-mail pengguna belum diisi atau tidak valid.";
export const NO_PHONE = "Nomor WhatsApp pengguna belum diisi atau tidak valid.";

/** 'Saluran notifikasi': the checkboxes send "1" when ticked, nothing when not. */
export const preferenceSchema = z.object({
  email: z.literal("1").optional().transform((v) => v === "1"),
  whatsapp: z.literal("1").optional().transform((v) => v === "1"),
});
export type PreferenceInput = z.output<typeof preferenceSchema>;
