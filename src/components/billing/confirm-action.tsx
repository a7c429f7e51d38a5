"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button, type ButtonColor } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { ActionResult } from "@/web/actions/action-result";

/**
 * A button that opens a confirmation modal and then runs a subscription action; on success the page
 * (header crown and status included) is rendered again, on failure the modal says so and stays open.
 */
export function ConfirmAction(props: {
  label: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  failure: string;
  run: () => Promise<ActionResult<unknown>>;
  variant?: "solid" | "outline";
  color?: ButtonColor;
  className?: string;
}) {
  const t = useTranslations("billing");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(false);

  async function confirm() {
    setPending(true);
    setError(false);
    try {
      const result = await props.run();
      if (result.ok) {
        setOpen(false);
        router.refresh();
      } else setError(true);
    } catch {
      setError(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant={props.variant ?? "outline"} color={props.color} className={props.className} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(false);
        }}
        title={props.title}
        description={props.description}
        footer={
          <>
            <Button variant="outline" color="gray" onClick={() => setOpen(false)}>
              {t("back")}
            </Button>
            <Button color={props.color} onClick={confirm} disabled={pending} aria-busy={pending}>
              {props.confirmLabel}
            </Button>
          </>
        }
      >
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
            {props.failure}
          </p>
        ) : null}
      </Modal>
    </>
  );
}
