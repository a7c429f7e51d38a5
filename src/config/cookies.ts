/** The attempted path of a visitor who was sent to sign in; read once after sign-in. */
export const RETURN_TO_COOKIE = "aranzer.return-to";
export const RETURN_TO_MAX_AGE = 60 * 30;
/**
 * A client link's token, exchanged for this cookie on the first visit so that the page's address holds only the
 * link's id (`/p/<id>`): `aranzer.share.<id>`, HttpOnly, one per language's path of that link.
 */
export const shareCookieName = (shareId: string) => `aranzer.share.${shareId}`;
export const SHARE_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
