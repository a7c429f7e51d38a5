import { useTranslations } from "next-intl";
import { Brush, Eraser, Maximize, Redo2, Trash2, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Tool } from "./ops";

const iconClass = "inline-flex size-5 *:size-full";

/** Brush or eraser and its size. */
export function ToolPicker(props: { name: string; tool: Tool; onTool: (tool: Tool) => void; size: number; sizes: { min: number; max: number }; onSize: (size: number) => void }) {
  const t = useTranslations("maskEditor");
  const sizeId = `${props.name}-size`;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">{t("tools")}</legend>
        {(["brush", "eraser"] as const).map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
          >
            <input type="radio" name={`${props.name}-tool`} value={option} checked={props.tool === option} onChange={() => props.onTool(option)} className="sr-only" />
            <span aria-hidden="true" className={iconClass}>
              {option === "brush" ? <Brush /> : <Eraser />}
            </span>
            {t(option)}
          </label>
        ))}
      </fieldset>
      <div className="flex min-w-48 flex-1 items-center gap-2">
        <label htmlFor={sizeId} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {t("size")}
        </label>
        <input
          id={sizeId}
          type="range"
          min={props.sizes.min}
          max={props.sizes.max}
          step={1}
          value={props.size}
          onChange={(event) => props.onSize(Number(event.target.value))}
          aria-valuetext={t("sizeValue", { size: props.size })}
          className="min-w-24 flex-1 accent-primary-600"
        />
        {/* Seen, not read: the slider's value text says the same. */}
        <span aria-hidden="true" className="w-16 text-sm text-gray-700 tabular-nums dark:text-gray-300">
          {t("sizeValue", { size: props.size })}
        </span>
      </div>
    </div>
  );
}

/** Undo, redo, clear and zoom. Unavailable buttons are marked, not disabled, so the focus stays on the one just used (undo to the first step). */
export function StepButtons(props: {
  canUndo: boolean;
  canRedo: boolean;
  blank: boolean;
  zoomed: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  onZoom: (factor: number) => void;
  onZoomReset: () => void;
}) {
  const t = useTranslations("maskEditor");
  const off = (unavailable: boolean) => unavailable || undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" color="gray" size="lg" leadingIcon={<Undo2 />} aria-label={t("undo")} title={t("undo")} aria-disabled={off(!props.canUndo)} onClick={props.onUndo} />
      <Button variant="outline" color="gray" size="lg" leadingIcon={<Redo2 />} aria-label={t("redo")} title={t("redo")} aria-disabled={off(!props.canRedo)} onClick={props.onRedo} />
      <Button variant="outline" color="gray" size="lg" leadingIcon={<Trash2 />} aria-disabled={off(props.blank)} onClick={props.onClear}>
        {t("clear")}
      </Button>
      {/* The zoom buttons wrap as one group: on a phone they move to a row of their own, not one by one. */}
      <div className="ml-auto flex items-center gap-2">
        <Button variant="ghost" color="gray" size="lg" leadingIcon={<ZoomOut />} aria-label={t("zoomOut")} title={t("zoomOut")} aria-disabled={off(!props.zoomed)} onClick={() => props.onZoom(1 / 1.5)} />
        <Button variant="ghost" color="gray" size="lg" leadingIcon={<ZoomIn />} aria-label={t("zoomIn")} title={t("zoomIn")} onClick={() => props.onZoom(1.5)} />
        <Button variant="ghost" color="gray" size="lg" leadingIcon={<Maximize />} aria-label={t("zoomReset")} title={t("zoomReset")} aria-disabled={off(!props.zoomed)} onClick={props.onZoomReset} />
      </div>
    </div>
  );
}
