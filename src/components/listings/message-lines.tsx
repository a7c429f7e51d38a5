export type PageMessage = { text: string; error: boolean } | null;

/**
 * A message said in regions that are always there: a live region that appears together with its text is not
 * announced by every screen reader. `whenEmpty`: how the empty regions give back their room.
 */
export function MessageLines({ message, whenEmpty }: { message: PageMessage; whenEmpty: "empty:mb-0" | "empty:hidden" }) {
  return (
    <>
      <p role="alert" className={`text-red-700 ${whenEmpty} dark:text-red-400`}>
        {message?.error ? message.text : null}
      </p>
      <p role="status" className={`text-green-800 ${whenEmpty} dark:text-green-300`}>
        {message && !message.error ? message.text : null}
      </p>
    </>
  );
}
