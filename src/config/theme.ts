import type { PaletteName } from "./palettes";

export const theme = { primary: "sunsetOrange", gray: "coolGray" } as const satisfies {
  primary: PaletteName;
  gray: PaletteName;
};
