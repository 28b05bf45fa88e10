/** The validation rules of spec §5, as pure functions. Messages live in the locales. */

/** Change password: the new and the repeated password must match. */
export const passwordsMatch = (password: string | undefined, repeat: string | undefined) => (password ?? '') === (repeat ?? '');

/** Digits only (principal input, page jump). */
export const isDigits = (value: string) => /^\d+$/.test(value);
