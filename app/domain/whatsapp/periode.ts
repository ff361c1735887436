/** The periods of Statistik WhatsApp (client-safe: the page's switch shows them). */
export const WA_PERIODE = [7, 30, 90] as const;
export type WaPeriode = (typeof WA_PERIODE)[number];
export const WA_PERIODE_DEFAULT: WaPeriode = 30;

/** `?hari=` as one of 7/30/90, or null when it is something else (the page says so and shows 30). */
export function parsePeriode(value: string | null | undefined): WaPeriode | null {
  const n = Number(value);
  return (WA_PERIODE as readonly number[]).includes(n) ? (n as WaPeriode) : null;
}
