/** The eight rooms and the two outdoor types (a house's exterior, a garden). Names are under `rooms.<id>` in messages/*.json. */
export const roomTypes = ["living-room", "dining-room", "bedroom", "bathroom", "office", "kitchen", "terrace", "kids-room", "exterior", "garden"] as const;
export type RoomType = (typeof roomTypes)[number];

/** The rooms whose interior the interior modes (restyle, staging, decluttering) redesign: all but the outdoor types. */
export const interiorRoomTypes = ["living-room", "dining-room", "bedroom", "bathroom", "office", "kitchen", "terrace", "kids-room"] as const satisfies readonly RoomType[];

/** The photos taken outside (a terrace is both: a room to furnish and an outdoor photo with a sky). */
export const outdoorRoomTypes = ["exterior", "garden", "terrace"] as const satisfies readonly RoomType[];

/** How a prompt names each room (English, for the AI engines). */
export const roomPromptNames: Record<RoomType, string> = {
  "living-room": "living room",
  "dining-room": "dining room",
  bedroom: "bedroom",
  bathroom: "bathroom",
  office: "home office",
  kitchen: "kitchen",
  terrace: "terrace",
  "kids-room": "kids' room",
  exterior: "house exterior",
  garden: "garden",
};
