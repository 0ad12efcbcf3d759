import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a reference read over the phone or typed from a mail comes out right. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A support request's reference, short enough to quote: "SR-7K4P-X2QM" (31^8, about 8.5e11 values). */
export function newReference(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `SR-${pick()}-${pick()}`;
}

export const REFERENCE_PATTERN = /^SR-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
