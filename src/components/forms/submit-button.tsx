"use client";

import { useFormStatus } from "react-dom";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * The submit button of a form whose action is a server action: busy while that action runs, so a second
 * press sends nothing (a payment's second press reached the server after the first had already redirected).
 */
export function SubmitButton(props: Omit<ButtonProps, "type" | "loading">) {
  const { pending } = useFormStatus();
  return <Button {...props} type="submit" loading={pending} />;
}
