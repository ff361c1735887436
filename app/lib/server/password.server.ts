/**
 * Password hashing (argon2id, OWASP-recommended parameters) and the password rule of the
 * spec (section 5): at least 8 characters with a lowercase letter, an uppercase letter and a digit.
 */
import crypto from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

// Algorithm is an ambient const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

const HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, HASH_OPTIONS);
}

/** False (never a throw) for a malformed hash, so a corrupt row just fails the login. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

// No l/I/1, o/O/0: the generated password is read off a terminal and typed by hand.
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALL = LOWER + UPPER + DIGITS;

function pick(chars: string): string {
  return chars.charAt(crypto.randomInt(chars.length));
}

/** A random 14-character password that always satisfies isStrongPassword. */
export function generatePassword(length = 14): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < Math.max(length, 8)) chars.push(pick(ALL));
  // Fisher–Yates so the guaranteed classes are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    const tmp = chars[i]!;
    chars[i] = chars[j]!;
    chars[j] = tmp;
  }
  return chars.join("");
}
