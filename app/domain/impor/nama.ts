/** Names compare as the imports compare them: case-insensitively, Indonesian rules (client-safe). */
export const lower = (text: string) => text.toLocaleLowerCase("id-ID");
