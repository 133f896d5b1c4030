import { randomInt } from 'node:crypto';

/** 32 characters without look-alikes (no 0/O, 1/I): 16 of them make an 80-bit code. */
export const CERT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A fresh certificate code, `XXXX-XXXX-XXXX-XXXX`, drawn with crypto.randomInt. */
export function generateCertCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += CERT_CODE_ALPHABET[randomInt(CERT_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * What a person typed, in the stored form: upper case, spaces and dashes dropped, look-alikes mapped (O→0 is not in
 * the alphabet, so O and 0 both stay invalid), then regrouped by four. Anything of the wrong length stays as typed
 * (it simply matches no certificate).
 */
export function normaliseCertCode(typed: string): string {
  const plain = typed.replace(/[\s-]/g, '').toUpperCase();
  if (plain.length !== GROUPS * GROUP_LENGTH) return plain;
  return plain.match(/.{4}/g)!.join('-');
}
