import { REPLACE_TEXT_MAX_CHARS } from "./limits";
import { words } from "./fields";
import { byInpainting, defineMode, ownWords } from "./mode";

/** A brushed region filled with what the person writes ("a green velvet armchair"). */
export const replace = defineMode({
  mask: "required",
  params: { text: words(REPLACE_TEXT_MAX_CHARS, "textTooLong") },
  required: { text: "noText" },
  engines: {
    fake: { standIn: "fill-text" },
    ...byInpainting("black-forest-labs/flux-fill-pro"),
  },
  page: "region",
  prompt: ({ room, params }) => [
    `In this ${room} photo, replace what is inside the masked area with: ${ownWords(String(params.text ?? ""), REPLACE_TEXT_MAX_CHARS)}.`,
    "Give it a realistic size for the room, and match the photo's perspective, light and shadows.",
  ],
});
