import crypto from "node:crypto";

/** 256-bit random value, URL-safe: session ids and API tokens. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Session ids and tokens are stored only as this hash, so a leaked database grants nothing. */
export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
