import { byInstruction, defineMode } from "./mode";

/**
 * A house's exterior in another style: cladding or render, the colour of the walls, the window frames, the
 * door, keeping the building's geometry. One visualization per chosen style, from its own list: a facade's
 * words, not a room's.
 */
export const facade = defineMode({
  styled: true,
  engines: {
    fake: { standIn: "restyle" },
    ...byInstruction,
  },
  roomTypes: ["exterior"],
  styles: {
    modern: "a modern facade: smooth white and anthracite render, large black aluminium window frames, a flush front door, clean lines",
    scandinavian: "a Scandinavian facade: vertical light timber or white-painted board cladding, white window frames, a natural wood door",
    minimalist: "a minimalist facade: one smooth light render colour, slim dark window frames without bars, no ornament",
    industrial: "an industrial facade: dark brick or fibre-cement panels, black steel window frames, a steel canopy over the door",
    mediterranean: "a Mediterranean facade: warm white lime render, terracotta accents, green wooden shutters, wrought-iron details",
    "modern-classic": "a modern classic facade: pale stone-coloured render, white window surrounds, a panelled front door in deep green",
    rustic: "a rustic facade: natural stone base, weathered timber cladding above, wooden window frames, a plank door",
    "polish-manor": "a Polish manor facade: white render, dark brown wooden window frames with muntins, a columned porch feel at the entrance",
  },
  page: "facade",
  prompt: ({ style }) => [
    `Restyle the facade of this house as ${style!.prompt}.`,
    "Change the cladding or render, the wall colour, the window frames, the front door, gutters and outdoor lights to match; keep the building's shape, roof line, number and positions of windows and doors, the plot and the sky as they are.",
  ],
});
