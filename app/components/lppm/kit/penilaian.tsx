/**
 * The reviewers' results of a proposal, round by round: the administrative check and the
 * substantive scores per criterion with their justifications, the total, the recommendation and
 * the note. The LPPM office reads them with the reviewers' names; the team and the faculty's
 * verifier as 'Reviewer 1', 'Reviewer 2' (the loader sends no name: `reviewer` is null).
 */
import type { PenilaianView } from "~/domain/lppm/penetapan/nilai.server";
import { NilaiTable } from "~/components/lppm/kit/nilai-table";
import { rupiahOrDash } from "~/components/lppm/kit/cells";
import { SelisihFlag } from "~/components/lppm/kit/status";
import { MAX_NILAI } from "~/domain/lppm/rubrik";

type Round = PenilaianView["rounds"][number];
type Review = Round["reviews"][number];

const lolosLabel = (lolos: boolean | null) => (lolos === null ? "Belum diperiksa" : lolos ? "Lolos" : "Tidak lolos");

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
              <ReviewCard key={review.id} review={review} n={i + 1} />
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

function ReviewCard({ review, n }: { review: Review; n: number }) {
  const checklist = review.administrasi.filter((item) => item.lolos === false || item.catatan);
  return (
    <section aria-label={`Penilaian reviewer ${n}`} className="space-y-2 text-sm">
      <h3 className="font-bold text-stone-900">
        Reviewer {n}
        {review.reviewer ? `: ${review.reviewer}` : ""}
      </h3>
      <p>
        Administrasi: <strong>{lolosLabel(review.administrasi_lolos)}</strong>
        {review.administrasi_catatan ? <span className="text-stone-600"> — {review.administrasi_catatan}</span> : null}
      </p>
      {checklist.length ? (
        <ul className="list-inside list-disc text-stone-700">
          {checklist.map((item) => (
            <li key={item.kriteria}>
              {item.kriteria}: {lolosLabel(item.lolos)}
              {item.catatan ? ` — ${item.catatan}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {review.substansi_at ? (
        <>
          <p>
            Total nilai: <strong>{review.total_nilai ?? "–"}</strong> / {MAX_NILAI}
          </p>
          <p>Rekomendasi: {review.rekomendasi ?? "–"} · Dana rekomendasi: {rupiahOrDash(review.dana_rekomendasi)}</p>
          {review.catatan ? <p className="text-stone-600">Catatan: {review.catatan}</p> : null}
          {review.items.length ? (
            <NilaiTable
              caption={`Nilai reviewer ${n} per kriteria`}
              rows={review.items.map((item) => ({ key: item.kriteria, kriteria: item.kriteria, bobot: item.bobot, skor: item.skor ?? "–", nilai: item.nilai ?? "–", justifikasi: item.justifikasi }))}
            />
          ) : null}
        </>
      ) : (
        <p className="text-stone-500">Penilaian substansi: belum ada.</p>
      )}
    </section>
  );
}

/**
 * The detail's section of the reviews (UsulanDetailView): the rounds the viewer may read, or that
 * the current one is still being reviewed. Nothing when there is nothing to say.
 */
export function PenilaianSection({ penilaian }: { penilaian: PenilaianView | null }) {
  if (!penilaian || (penilaian.rounds.length === 0 && !penilaian.menunggu)) return null;
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="bagian-penilaian">
      <h2 id="bagian-penilaian" className="text-base font-bold text-stone-900">Hasil Penilaian Reviewer</h2>
      <div className="mt-3 space-y-3">
        {penilaian.menunggu && !penilaian.named ? (
          <p className="text-sm text-stone-600" data-testid="penilaian-menunggu">
            Penilaian reviewer sedang berlangsung. Hasilnya ditampilkan setelah semua reviewer selesai menilai.
          </p>
        ) : null}
        {penilaian.rounds.length ? <PenilaianRounds rounds={penilaian.rounds} current={penilaian.current} /> : null}
      </div>
    </section>
  );
}
