import type { ComponentPropsWithRef } from "react";

/**
 * Every form of the product. Pages load their scripts after the first paint, so a visitor can submit a
 * form before React handles it; the browser then sends it itself, and `method="post"` keeps the fields
 * (passwords among them) out of the address, the history and the logs. `noValidate`: our own messages,
 * translated, replace the browser's. ESLint refuses a bare <form> elsewhere.
 */
export function Form(props: Omit<ComponentPropsWithRef<"form">, "method">) {
  return <form {...props} method="post" noValidate />;
}
