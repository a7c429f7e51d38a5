/** The attempted path of a visitor who was sent to sign in; read once after sign-in. */
export const RETURN_TO_COOKIE = "aranzer.return-to";
export const RETURN_TO_MAX_AGE = 60 * 30;
