import { REPLACE_TEXT_MAX_CHARS } from "./limits";
import { words } from "./fields";
import { defineMode, ownWords } from "./mode";

/** A brushed region filled with what the person writes ("a green velvet armchair"). */
export const replace = defineMode({
  styled: false,
  mask: "required",
  params: { text: words(REPLACE_TEXT_MAX_CHARS, "textTooLong") },
  required: { text: "noText" },
  tokens: 1,
  engines: {
    fake: { standIn: "fill-text" },
    replicate: { model: "black-forest-labs/flux-fill-pro" },
    openai: { edit: "images.edit" },
    comfyui: { workflow: "inpaint" },
  },
  structure: "outside-mask",
  marking: "engine",
  listing: false,
  page: { group: "region" },
  prompt: ({ room, params }) => [
    `In this ${room} photo, replace what is inside the masked area with: ${ownWords(String(params.text ?? ""), REPLACE_TEXT_MAX_CHARS)}.`,
    "Give it a realistic size for the room, and match the photo's perspective, light and shadows.",
  ],
});
