/**
 * The look of a card that wraps a visually hidden radio or checkbox (photos, styles): a ring that thickens
 * when it is checked and an outline when the input has keyboard focus. Add the card's own background.
 */
export const CHOICE_CARD =
  "cursor-pointer overflow-hidden rounded-lg ring-1 ring-gray-200 has-checked:ring-3 has-checked:ring-primary-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 dark:ring-gray-700 dark:has-checked:ring-primary-400 dark:has-focus-visible:outline-primary-400";
