import { hash, verify } from '@node-rs/argon2';
import { commonPasswords } from './common-passwords.ts';

// Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown e-mail) it still spends the time of one argon2
 * verification, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    dummyHash ??= hash('urbana-conta-inexistente', options);
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True for the passwords that attackers try first (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
