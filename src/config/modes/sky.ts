import { z } from "zod";
import { outdoorRoomTypes } from "../room-types";
import { byInstruction, defineMode } from "./mode";

/** The skies a grey or blown-out one can become. */
export const skyKinds = ["clear", "light-clouds", "sunset"] as const;
export type SkyKind = (typeof skyKinds)[number];

const skyWords: Record<SkyKind, string> = {
  clear: "a clear blue sky, deeper blue at the top and paler towards the horizon, with the light of a sunny day",
  "light-clouds": "a blue sky with a few light, soft white clouds, with the light of a bright day",
  sunset: "a sunset sky, warm orange and pink near the horizon and dusky blue above, with warm low evening light",
};

/**
 * A grey or blown-out sky replaced by a clear, a light-cloud or a sunset one, the rest relit to match. Without
 * AI on the local engine (src/server/edits/find-sky.ts, replace-sky.ts: the sky found by brightness,
 * saturation and position, or brushed by the person; a gradient sky; a measured relight), by an instruction
 * edit on the AI engines. A photo without a sky is refused before anything is spent.
 */
export const sky = defineMode({
  mask: "optional",
  params: { sky: z.enum(skyKinds) },
  required: { sky: "noSkyKind" },
  engines: {
    local: { run: "sky" },
    fake: { standIn: "sky" },
    ...byInstruction,
  },
  unsupported: { comfyui: "noWorkflow" },
  // Outdoor photos only: by colour, brightness and position alone a white interior ceiling can pass for an
  // overcast sky (the example library's bathroom does).
  roomTypes: outdoorRoomTypes,
  listing: true,
  photoNeeds: "sky",
  page: { group: "sky", fields: [{ field: "sky", kind: "choice", values: skyKinds, default: "clear" }] },
  prompt: ({ params }) => [
    `Replace the sky of this photo with ${skyWords[(params.sky as SkyKind | undefined) ?? "clear"]}.`,
    "Relight the building, the ground and the plants to match the new sky's light, as a photo taken under it would look; change nothing else.",
  ],
});
