/**
 * The look of a card that wraps a visually hidden radio or checkbox (photos, styles): a ring that thickens
 * when it is checked and an outline when the input has keyboard focus (`choice-ring`, app/globals.css). Add the
 * card's own background.
 */
export const CHOICE_CARD = "choice-ring cursor-pointer";
