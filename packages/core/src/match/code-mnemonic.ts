/**
 * DESIGN §4 rule 2: names that are code mnemonics (a short code with a dot and a number, `AL4.7`,
 * `U1.1`) are never placed in the verification queue: an analyst cannot decide them from the name.
 */
const CODE_MNEMONIC = /^[\p{L}]{1,4}\s?\d{1,3}(?:\s?\.\s?\d{1,3}){1,3}$/u;

/** True when the whole name is a code mnemonic such as `AL4.7` or `U1.1`. */
export function isCodeMnemonic(rawName: string): boolean {
  return CODE_MNEMONIC.test(rawName.trim());
}
