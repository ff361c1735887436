/** A record's status history (the workflow's append-only log) as a timeline and as a detail's section. */
import { OVERRIDES, USULAN_WORKFLOW, type Override } from "~/domain/lppm/workflow";
import { formatWib } from "~/lib/util/wib";

type Entry = { from: string | null; to: string; actor: string; note: string | null; at: Date | string; aksi?: Override | null };

/** A record's status history; `labels`: its workflow's (a proposal's by default). */
export function Timeline({ entries, labels = USULAN_WORKFLOW.labels }: { entries: Entry[]; labels?: Readonly<Record<string, string>> }) {
  const label = (s: string) => labels[s] ?? s;
  return (
    <ol className="space-y-1 text-sm">
      {entries.map((e, i) => (
        <li key={i} className="border-l-2 border-kayu-200 pl-3">
          <span className="text-stone-500">{formatWib(new Date(e.at))}</span> · <strong>{label(e.to)}</strong>{e.aksi ? ` (${OVERRIDES[e.aksi].label})` : ""} oleh {e.actor}
          {e.note ? <span className="text-stone-600"> — {e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The 'Riwayat status' section of a detail: its heading and the Timeline; nothing before a first move. */
export function RiwayatStatus({ entries, labels, title = "Riwayat status" }: { entries: Entry[]; labels?: Readonly<Record<string, string>>; title?: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-base font-bold text-stone-900">{title}</h2>
      <Timeline entries={entries} labels={labels} />
    </section>
  );
}
