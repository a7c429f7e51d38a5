/** The eight room types. Names are under `rooms.<id>` in messages/*.json. */
export const roomTypes = ["living-room", "dining-room", "bedroom", "bathroom", "office", "kitchen", "terrace", "kids-room"] as const;
export type RoomType = (typeof roomTypes)[number];

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
};
