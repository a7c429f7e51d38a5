/** Business constants: three free visualizations per person. */
export const FREE_TOKENS = 3;
/**
 * Password length in characters as people count them (code points), per NIST SP 800-63B: at least 8, and
 * long passphrases welcome.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest address SMTP carries (RFC 5321 path limit) and the longest display name we keep. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/** Sign-in cookie lifetime in days (rolling). */
export const SESSION_DAYS = 400;
