"use client";

import { X } from "lucide-react";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";
import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState, type ReactNode } from "react";
import { Button, type ButtonColor } from "./button";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown as the heading and used as the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Covers the whole viewport, e.g. for the mobile menu. */
  fullscreen?: boolean;
  className?: string;
  /** Where focus goes when it closes, when not back to what opened it (which the confirmed action removes); null: the opener. */
  returnFocus?: () => HTMLElement | null;
}

const panel = {
  dialog:
    "top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl shadow-xl ring-1 ring-gray-200 dark:ring-gray-800 starting:scale-95",
  fullscreen: "inset-0",
};

export function Modal({ open, onOpenChange, title, description, children, footer, fullscreen = false, className = "", returnFocus }: ModalProps) {
  const t = useLayoutLabels().ui;
  // Radix returns focus to its own Trigger; an open/onOpenChange modal has none, so it remembers the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/60 transition-opacity starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          // Without a description Radix would point aria-describedby at nothing and warn.
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A dialog nothing opened (the welcome after sign-up) hands focus to the page's main content, not to the page itself.
            const opened = returnFocus?.() ?? (opener.current && opener.current !== document.body && opener.current.isConnected ? opener.current : document.getElementById("main"));
            if (opened && opened.tabIndex < 0 && !opened.hasAttribute("tabindex")) opened.setAttribute("tabindex", "-1");
            opened?.focus();
          }}
          className={`fixed z-50 flex flex-col overflow-y-auto bg-white text-gray-700 transition-[opacity,scale] starting:opacity-0 motion-reduce:transition-none dark:bg-gray-900 dark:text-gray-200 ${fullscreen ? panel.fullscreen : panel.dialog} ${className}`}
        >
          <div className="flex items-start gap-4 px-5 pt-5 pb-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold text-gray-900 dark:text-white">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-300">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" color="gray" aria-label={t.close} leadingIcon={<X />} className="-me-2 -mt-1" />
            </Dialog.Close>
          </div>
          {children && <div className="flex-1 px-5 pb-4 text-sm">{children}</div>}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-5 py-4 dark:border-gray-800">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: ButtonColor;
  /**
   * May return a promise: the confirm button shows loading until it settles and the modal closes on success.
   * A rejection keeps the modal open and is only logged, so tell the user about it (e.g. a toast) inside onConfirm.
   */
  onConfirm: () => unknown;
  /** As Modal's: where focus goes on closing. */
  returnFocus?: () => HTMLElement | null;
}

export function ConfirmModal({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  confirmColor = "primary",
  onConfirm,
  returnFocus,
}: ConfirmModalProps) {
  const t = useLayoutLabels().ui;
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      console.error(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={open}
      // Closing mid-request would hide whether the action went through.
      onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
      returnFocus={returnFocus}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" color="gray" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel ?? t.cancel}
          </Button>
          <Button color={confirmColor} loading={pending} onClick={confirm}>
            {confirmLabel ?? t.confirm}
          </Button>
        </>
      }
    />
  );
}
