/**
 * The server half of Daftar Usulan (the page: ./__daftar-usulan.tsx): every proposal for the
 * LPPM office — the Operator's /operator/lppm/daftar-usulan and the Kepala's Monitoring copy
 * (/kepalalppm/monitoring/daftar-usulan), each a module of its own naming its office — filtered
 * by periode, skema, status and fakultas (all in the URL), ?lihat=ID opening the proposal
 * as every area shows it (its documents from the office's own file route), and the filtered
 * list's download as XLSX or CSV (./daftar-usulan-unduh.ts). The Operator's copy also makes the
 * corrections no other screen offers: 'Tarik' (at the lecturer's request) and 'Buka Kembali' (a
 * Ditolak, Tidak Lolos or Tidak Didanai decision back to the status it was decided from), each
 * with a required note, through the workflow's overrides.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { DAFTAR_STATUSES, daftarPilihan, listDaftarUsulan, type DaftarFilter } from "~/domain/lppm/usulan/daftar.server";
import { usulanDetail } from "~/domain/lppm/usulan/read.server";
import { bukaKembaliUsulan, koreksiOf, tarikUsulan } from "~/domain/lppm/usulan/override.server";
import { parseId, runAction } from "~/http/action.server";
import { decisionIntents } from "~/http/decision.server";
import { KANTOR, readLihatList, type Kantor } from "~/http/lihat-list.server";

/** Where each office's list lives (its download is `<base>/unduh/<format>`). */
export const DAFTAR_BASE: Readonly<Record<Kantor, string>> = {
  operator: "/operator/lppm/daftar-usulan",
  kepala: "/kepalalppm/monitoring/daftar-usulan",
};

/** The filters from the URL; anything unknown is no filter. */
export function daftarFilter(url: URL): DaftarFilter {
  const params = url.searchParams;
  const status = params.get("status");
  return {
    periode: parseId(params.get("periode")),
    skema: parseId(params.get("skema")),
    status: DAFTAR_STATUSES.find((s) => s === status) ?? null,
    fakultas: parseId(params.get("fakultas")),
  };
}

/** The filters and the search as a query string: the download asks for what the list shows. */
export function daftarQuery(filter: DaftarFilter, q: string): string {
  const params = new URLSearchParams();
  for (const key of ["periode", "skema", "status", "fakultas"] as const) {
    const value = filter[key];
    if (value !== null) params.set(key, String(value));
  }
  if (q) params.set("q", q);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function daftarUsulanLoader(args: LoaderFunctionArgs, kantor: Kantor) {
  const { db, state, headers, lihat } = await readLihatList(args, `daftar_usulan_${kantor}`, (db, user, id) => {
    // The access rule decides (a draft is its team's alone): the office opens every other one.
    const detail = usulanDetail(db, user, id);
    if (!detail) return null;
    return { ...detail, koreksi: kantor === "operator" ? koreksiOf(db, user, detail) : null };
  });
  const filter = daftarFilter(args.url);
  return data(
    {
      title: "Daftar Usulan",
      unduh: `${DAFTAR_BASE[kantor]}/unduh`,
      rekapAkreditasi: `${DAFTAR_BASE[kantor]}/rekap-akreditasi/xlsx`,
      unduhQuery: daftarQuery(filter, state.q),
      dokumenBase: KANTOR[kantor].usulanBase,
      list: listDaftarUsulan(db, state, filter),
      filter: {
        periode: filter.periode ? String(filter.periode) : "",
        skema: filter.skema ? String(filter.skema) : "",
        status: filter.status ?? "semua",
        fakultas: filter.fakultas ? String(filter.fakultas) : "",
      },
      pilihan: daftarPilihan(db),
      lihat,
    },
    { headers },
  );
}

/** The Operator's corrections (the Kepala reopens from Persetujuan Usulan Reguler instead). */
export const daftarUsulanAction = (args: ActionFunctionArgs) =>
  runAction(
    args,
    decisionIntents({
      tarik: ({ db, user, id, note }) => tarikUsulan(db, user, id, note),
      "buka-kembali": ({ db, user, id, note }) => bukaKembaliUsulan(db, user, id, note),
    }),
  );
