/** Business constants of the specification (§9). */
export const FREE_TOKENS = 3;
/**
 * Password length in characters as people count them (code points), per NIST SP 800-63B: at least 8, and
 * long passphrases welcome. The specification's 6 was below that floor.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest address SMTP carries (RFC 5321 path limit) and the longest display name we keep. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/** The specification's session cookie lifetime. */
export const SESSION_DAYS = 400;
