/**
 * The server half of the team's Laporan Kemajuan and Laporan Akhir (the page: ./__laporan.tsx):
 * the four modules penelitian.laporan-kemajuan.tsx, … each name their kind of proposal and report.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ajukanLaporan, simpanLaporan, simpanLuaranCapaian, unggahLaporan } from "~/domain/lppm/laporan/draft.server";
import { getLaporan, listLaporanPengusul } from "~/domain/lppm/laporan/read.server";
import { LAPORAN_JUDUL, laporanSchema, luaranCapaianSchema, type LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import { stageState } from "~/domain/lppm/stage-window";
import { parseId, redirectWithToast, SAVED } from "~/http/action.server";
import { formAction, type DomainRefusal, type FormReply } from "~/http/form-action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { backUrl } from "~/http/decision.server";
import { DOCUMENT_REQUIRED, DOCUMENT_TOO_BIG } from "~/lib/util/document-rules";

export async function laporanLoader(args: LoaderFunctionArgs, jenisUsulan: Jenis, jenis: LaporanJenis) {
  // Only the team's own projects of this kind open here (the office reads them under Monitoring).
  const { db, user, state, headers, lihat } = await readLihatList(args, `laporan_${jenis}_${jenisUsulan}`, (db, user, id) => {
    const found = getLaporan(db, user, id, jenis);
    return found && found.onTeam && found.usulan.jenis === jenisUsulan ? found : null;
  });
  const now = new Date();
  return data(
    {
      title: `${LAPORAN_JUDUL[jenis]} ${JENIS_LABELS[jenisUsulan]}`,
      jenis,
      list: listLaporanPengusul(db, user.id, jenisUsulan, jenis, state),
      lihat,
      jadwal: lihat ? stageState(lihat.window, now) : null,
    },
    { headers },
  );
}

export type Reply = FormReply & { problems?: string[]; luaran?: number };

const INTENTS = ["simpan", "unggah", "luaran", "ajukan"] as const;

export function laporanAction(args: ActionFunctionArgs, jenis: LaporanJenis) {
  const { url } = args;
  return formAction<(typeof INTENTS)[number], Reply>(
    args,
    INTENTS,
    async ({ db, user, form, intent, id, refuse, invalid, refused, upload }) => {
      if (!id) return refuse("Usulan tidak valid.", 400);
      let result: { ok: true } | DomainRefusal;
      switch (intent) {
        case "simpan": {
          const submission = parseWithZod(form, { schema: laporanSchema });
          if (submission.status !== "success") return invalid(submission.error);
          result = simpanLaporan(db, user, id, jenis, submission.value);
          break;
        }
        case "unggah":
          result = await upload("dokumen", ([file]) => unggahLaporan(db, user, id, jenis, file!), { required: DOCUMENT_REQUIRED });
          break;
        case "luaran": {
          const luaranId = parseId(form.get("luaran"));
          if (!luaranId) return refuse("Luaran tidak valid.", 400);
          const submission = parseWithZod(form, { schema: luaranCapaianSchema() });
          if (submission.status !== "success") return invalid(submission.error, { luaran: luaranId });
          const { value } = submission;
          result = await upload("bukti", ([file]) => simpanLuaranCapaian(db, user, id, jenis, luaranId, value, file ?? null), { extra: { luaran: luaranId } });
          if (!result.ok) return refuse(result.message, result.status, { luaran: luaranId });
          break;
        }
        default: {
          const outcome = ajukanLaporan(db, user, id, jenis);
          if (outcome.ok) return redirectWithToast(backUrl(url), "success", SAVED);
          result = outcome;
        }
      }
      if (!result.ok) return refused(result);
      return redirectWithToast(url.pathname + url.search, "success", SAVED);
    },
    // A file far over 10 MB is said on the upload field.
    { upload: { intent: "unggah", field: "dokumen", message: DOCUMENT_TOO_BIG } },
  );
}
