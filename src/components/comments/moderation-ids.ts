/**
 * The ids of the moderation page's two sections, which its forms move focus to after a decision. In a module
 * of their own: a server component that imports a value from a "use client" module gets a client reference,
 * not the string.
 */
export const QUEUE_ID = "moderation-queue";
export const HIDDEN_ID = "hidden-comments";
