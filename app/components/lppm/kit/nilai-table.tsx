/**
 * A scored rubric as every LPPM screen shows it (a reviewer's substance evaluation, the rounds on
 * the approval screens, a monev): one row per criterion with its weight, score and value, the
 * reviewer's justification when the rubric asks for one, and the total when given.
 */
import type { ReactNode } from "react";

export type NilaiRow = { key: string | number; kriteria: string; bobot: ReactNode; skor: ReactNode; nilai: ReactNode; justifikasi?: string };

const cell = "px-2 py-1.5";

export function NilaiTable({ rows, caption, total }: { rows: NilaiRow[]; caption: string; total?: ReactNode }) {
  const justified = rows.some((row) => row.justifikasi !== undefined);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-left text-xs font-bold text-stone-600 uppercase">
          <tr>
            <th className={cell}>Kriteria</th>
            <th className={`${cell} text-right`}>Bobot</th>
            <th className={`${cell} text-right`}>Skor</th>
            <th className={`${cell} text-right`}>Nilai</th>
            {justified ? <th className={cell}>Justifikasi</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-stone-100 align-top">
              <td className={cell}>{row.kriteria}</td>
              <td className={`${cell} text-right`}>{row.bobot}</td>
              <td className={`${cell} text-right`}>{row.skor}</td>
              <td className={`${cell} text-right`}>{row.nilai}</td>
              {justified ? <td className={cell}>{row.justifikasi}</td> : null}
            </tr>
          ))}
        </tbody>
        {total !== undefined ? (
          <tfoot>
            <tr className="border-t-2 border-stone-200 font-bold">
              <td className={`${cell} py-2`} colSpan={3}>
                Total
              </td>
              <td className={`${cell} py-2 text-right`}>{total}</td>
              {justified ? <td /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
