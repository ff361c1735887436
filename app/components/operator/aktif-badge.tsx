/** 'Aktif' (green) or 'Nonaktif' (grey): whether a master record is in use (skema, template). */
export function AktifBadge({ aktif }: { aktif: boolean }) {
  return aktif ? (
    <span className="rounded-full bg-green-600 px-2.5 py-0.5 text-xs font-bold text-white">Aktif</span>
  ) : (
    <span className="rounded-full bg-stone-500 px-2.5 py-0.5 text-xs font-bold text-white">Nonaktif</span>
  );
}
