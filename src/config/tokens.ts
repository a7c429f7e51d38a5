/** Business constants of the specification (§9). */
export const FREE_TOKENS = 3;
export const PASSWORD_MIN_LENGTH = 6;
/** The specification's session cookie lifetime. */
export const SESSION_DAYS = 400;
