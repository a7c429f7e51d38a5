import { z } from "zod";
import { declutterScopes, KEEP_LIST_MAX_CHARS, type DeclutterScope } from "./limits";
import { words } from "./fields";
import { interiorRoomTypes } from "../room-types";
import { byInstruction, defineMode, ownWords } from "./mode";

/** What each scope of decluttering takes away. */
const scopeWords: Record<DeclutterScope, string> = {
  furniture: "Remove the free-standing furniture: sofas, armchairs, chairs, tables, beds, desks, cabinets and shelving. Leave rugs, curtains, lamps, pictures, plants and decor where they are.",
  "furniture-and-decor": "Remove the furniture and the decor: sofas, chairs, tables, beds, cabinets, shelving, rugs, pictures, plants, lamps, cushions and ornaments. Leave curtains and blinds.",
  everything: "Remove everything movable: furniture, decor, rugs, curtains, lamps, pictures, plants, boxes, clothes and clutter, leaving the room completely empty.",
};

/** What stays in every declutter: it is part of the flat, not of the person's belongings. */
const BUILT_INS = "Built-ins stay: fitted kitchen units and wardrobes, radiators, fireplaces, built-in lighting, sockets and switches, the bath, shower, toilet and basin.";

/** The room emptied of movable things (furniture, furniture and decor, or everything), keeping what the person lists. */
export const declutter = defineMode({
  params: { scope: z.enum(declutterScopes), keep: words(KEEP_LIST_MAX_CHARS, "keepTooLong") },
  required: { scope: "noScope" },
  engines: {
    fake: { standIn: "grey" },
    ...byInstruction,
  },
  listing: true,
  roomTypes: interiorRoomTypes,
  page: "declutter",
  prompt: ({ room, params }) => {
    const kept = typeof params.keep === "string" ? ownWords(params.keep, KEEP_LIST_MAX_CHARS) : "";
    return [
      `Declutter this ${room}.`,
      scopeWords[(params.scope as DeclutterScope | undefined) ?? "furniture"],
      kept ? `Keep what the person asked to keep, in their own words: "${kept}".` : "",
      BUILT_INS,
      "Where something was taken away, show the floor and walls that were behind it, with the same materials, light and shadows.",
    ];
  },
});
