import { outdoorRoomTypes } from "../room-types";
import { byInstruction, defineMode } from "./mode";

/** Day to dusk: a darker, bluer sky, warm light in the windows, outdoor lamps on; on the AI engines. */
export const twilight = defineMode({
  engines: {
    fake: { standIn: { tint: "#1d2b5a", amount: 0.45, region: "all" } },
    ...byInstruction,
  },
  roomTypes: outdoorRoomTypes,
  listing: true,
  page: "twilight",
  prompt: ({ room }) => [
    `Turn this daytime photo of a ${room} into a twilight shot, about twenty minutes after sunset.`,
    "Make the sky a deep dusky blue fading to a warm glow at the horizon, light every window from inside with a warm yellow light, switch on the outdoor lamps and path lights, and lower the ambient light accordingly; keep everything else as it is.",
  ],
});
