/**
 * Issue 14 §5: products, categories and banners are published ('Tayang', the default) or drafts
 * ('Draf'), visible in the back office only. Client-safe: the forms' selects and badges read it.
 */
export const STATUS_TAYANG = ["Tayang", "Draf"] as const;
export type StatusTayang = (typeof STATUS_TAYANG)[number];
export const STATUS_DEFAULT: StatusTayang = "Tayang";
