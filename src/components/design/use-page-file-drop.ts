import { useEffect } from "react";

const imageFileOf = (files: FileList | undefined | null) => Array.from(files ?? []).find((f) => f.type.startsWith("image/") || /\.(heic|heif)$/i.test(f.name));

/**
 * Paste (Ctrl+V) anywhere on the page, and a file dropped anywhere rather than only on the drop zone (the
 * browser would otherwise open the file and leave the page with the person's choices).
 */
export function usePageFileDrop(onFile: (file: File) => void) {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = imageFileOf(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      onFile(file);
    };
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    };
    window.addEventListener("paste", onPaste);
    window.addEventListener("dragover", onDragOver);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("paste", onPaste);
      window.removeEventListener("dragover", onDragOver);
      window.removeEventListener("drop", onDrop);
    };
  }, [onFile]);
}
