/** The reviewers' scores of a proposal, round by round (the Sekretaris's and the Kepala's screens). */
import { NilaiTable } from "~/components/lppm/kit/nilai-table";
import { rupiahOrDash } from "~/components/lppm/kit/cells";
import { SelisihFlag } from "~/components/lppm/kit/status";
import { MAX_NILAI } from "~/domain/lppm/rubrik";

type Review = {
  id: number;
  reviewer: string;
  total_nilai: number | null;
  rekomendasi: string | null;
  dana_rekomendasi: number | null;
  catatan: string | null;
  substansi_at: Date | string | null;
  items: { kriteria: string; bobot: number; skor: number | null; nilai: number | null; justifikasi: string }[];
};
type Round = { putaran: number; reviews: Review[]; selisih: number | null; selisihBesar: boolean };

/** Every review round, newest first; the current round open, earlier ones folded as history. */
export function PenilaianRounds({ rounds, current }: { rounds: Round[]; current: number }) {
  if (rounds.length === 0) return <p className="text-sm text-stone-500">Belum ada penilaian reviewer.</p>;
  return (
    <div className="space-y-4">
      {rounds.map((round) => (
        <details key={round.putaran} open={round.putaran === current} className="rounded-xl border border-stone-200">
          <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-2 text-sm font-semibold text-stone-800">
            Putaran {round.putaran}
            {round.putaran === current ? "" : " (riwayat)"}
            {round.selisih !== null ? <span className="font-normal text-stone-500">· selisih {round.selisih}</span> : null}
            {round.selisihBesar ? <SelisihFlag /> : null}
          </summary>
          <div className="grid gap-4 border-t border-stone-100 p-4 lg:grid-cols-2">
            {round.reviews.map((review, i) => (
              <section key={review.id} aria-label={`Penilaian reviewer ${i + 1}`} className="space-y-2 text-sm">
                <h3 className="font-bold text-stone-900">
                  Reviewer {i + 1}: {review.reviewer}
                </h3>
                <p>
                  Total nilai: <strong>{review.total_nilai ?? "–"}</strong> / {MAX_NILAI}
                </p>
                <p>Rekomendasi: {review.rekomendasi ?? "–"} · Dana rekomendasi: {rupiahOrDash(review.dana_rekomendasi)}</p>
                {review.catatan ? <p className="text-stone-600">Catatan: {review.catatan}</p> : null}
                {review.items.length ? (
                  <NilaiTable
                    caption={`Nilai reviewer ${i + 1} per kriteria`}
                    rows={review.items.map((item) => ({ key: item.kriteria, kriteria: item.kriteria, bobot: item.bobot, skor: item.skor ?? "–", nilai: item.nilai ?? "–", justifikasi: item.justifikasi }))}
                  />
                ) : null}
              </section>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
