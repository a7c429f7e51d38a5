import { toast as toastify } from "react-toastify/unstyled";
import { renderToast, type ToastColor, type ToastData } from "./toaster";
import { requestToaster } from "./toaster-demand";

export interface ToastInput {
  title: string;
  description?: string;
  /** Defaults to "info". */
  color?: ToastColor;
}

const shown = new Map<number, ToastData>();
let lastId = 0;

// Ids are creation timestamps, so their order is the toasts' order; nudged forward when two toasts share a millisecond.
function nextId(): number {
  lastId = Math.max(Date.now(), lastId + 1);
  return lastId;
}

function options(data: ToastData) {
  // Errors and warnings interrupt a screen reader; the rest wait for a pause.
  const role = data.color === "error" || data.color === "warning" ? "alert" : "status";
  return { data, type: data.color, role };
}

export const toast = {
  add(input: ToastInput): number {
    const id = nextId();
    const data: ToastData = { ...input, color: input.color ?? "info" };
    shown.set(id, data);
    requestToaster();
    toastify(renderToast, { ...options(data), toastId: id, onClose: () => shown.delete(id) });
    return id;
  },

  /** Changes a toast that is still shown; an unknown or closed id is ignored. */
  update(id: number, changes: Partial<ToastInput>): void {
    const current = shown.get(id);
    if (!current) return;
    const data: ToastData = { ...current, ...changes, color: changes.color ?? current.color };
    shown.set(id, data);
    toastify.update<ToastData>(id, options(data));
  },

  remove(id: number): void {
    toastify.dismiss(id);
  },

  clear(): void {
    toastify.dismiss();
  },
};
