/** The limits of comments and reports, read by the domain and handed to the forms as props. */
export const commentRules = {
  /** In characters (code points), after trimming. */
  maxLength: 2000,
  /** How long after posting the author may still change the text. */
  editWindowMs: 15 * 60_000,
  /** Reply levels shown indented; deeper replies are listed, flat, under the last of them. */
  indentedLevels: 3,
  reportDetailsMaxLength: 1000,
  moderationReasonMaxLength: 2000,
} as const;
