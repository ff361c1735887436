/** What a password-reset message tells the lecturer (read by the integration and the e2e tests). */

/** The password a reset message carries (what the lecturer reads on WhatsApp). */
export function passwordInMessage(message: string): string {
  const match = /^Password baru: (\S+)$/m.exec(message);
  if (!match?.[1]) throw new Error(`no password in message:\n${message}`);
  return match[1];
}
