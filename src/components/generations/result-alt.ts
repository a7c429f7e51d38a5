/**
 * The message (namespace `generation`) that describes a result's image: by its style, or for an edit by what
 * was done ("Living room, Removed", not "in Removed style"); as an AI visualization, or as a preview made
 * without AI. Its values are `room`, `style` and `edit` (the result's name for both).
 */
export function resultAltKey(result: { styleId: string | null; ai: boolean }): "alt" | "altPreview" | "altEdit" | "altEditPreview" {
  if (result.styleId) return result.ai ? "alt" : "altPreview";
  return result.ai ? "altEdit" : "altEditPreview";
}
