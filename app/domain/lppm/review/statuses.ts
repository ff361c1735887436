/** The status filters of the review screens (client-safe: the tables' selects read them). */
import { USULAN_STATUSES, type UsulanStatus } from "~/domain/lppm/workflow";

/** Everything but DRAF: a verifier never sees drafts. */
export const VERIFIKASI_STATUSES: readonly UsulanStatus[] = USULAN_STATUSES.filter((s) => s !== "DRAF");

/** Penugasan Reviewer: approved by the faculty, in review, returned to review. */
export const PENUGASAN_STATUSES = ["DISETUJUI_FAKULTAS", "REVIEW", "DIKEMBALIKAN_KE_REVIEW"] as const satisfies readonly UsulanStatus[];
