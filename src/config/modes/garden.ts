import { byInstruction, defineMode } from "./mode";

/**
 * Landscaping of a yard, a terrace or a balcony: lawn, planting, paving, furniture, in a garden style of its
 * own list. The house, fences and boundaries stay.
 */
export const garden = defineMode({
  styled: true,
  engines: {
    fake: { standIn: { tint: "#4f8a3c", amount: 0.45, region: "lower-half" } },
    ...byInstruction,
  },
  roomTypes: ["garden", "terrace"],
  styles: {
    modern: "a modern garden: large-format grey paving, a clipped lawn, ornamental grasses in straight beds, low built-in benches, linear lights",
    japandi: "a Japanese-Scandinavian garden: gravel and stepping stones, maples, moss and ferns, a timber deck and simple wooden furniture",
    mediterranean: "a Mediterranean garden: terracotta pots, olive trees, lavender and rosemary, warm stone paving, a shaded pergola",
    cottagecore: "a cottage garden: abundant flower borders, roses and perennials, a winding brick path, a wooden bench",
    "urban-jungle": "a lush green garden: big-leaved plants, climbers on the walls, layered planting, wooden decking, string lights",
    minimalist: "a minimalist garden: one lawn, one tree, clean concrete paving, a single row of grasses, minimal furniture",
    rustic: "a rustic garden: a meadow-like lawn with wildflowers, a gravel path, raised timber vegetable beds, a wooden table",
    zen: "a zen garden: raked gravel, rounded stones, clipped shrubs and moss, bamboo and a small water basin",
  },
  page: "garden",
  prompt: ({ room, style }) => [
    `Landscape this ${room} as ${style!.prompt}.`,
    "Lay out the lawn, planting, paving and paths, and add garden furniture and outdoor lighting in this style, at realistic sizes for the space; keep the house, fences, walls and the plot's boundaries, and the camera, as they are.",
  ],
});
