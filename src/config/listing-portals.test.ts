import { describe, expect, it } from "vitest";
import { disclosureKind } from "./listing-portals";

describe("disclosureKind", () => {
  it("calls a changed room a renovation preview, a changed sky or light digitally enhanced, furniture virtually staged", () => {
    expect((["restyle", "paint", "material"] as const).map((mode) => disclosureKind(mode))).toEqual(["renovationPreview", "renovationPreview", "renovationPreview"]);
    expect((["sky", "twilight"] as const).map((mode) => disclosureKind(mode))).toEqual(["digitallyEnhanced", "digitallyEnhanced"]);
    expect((["stage", "declutter", "reference"] as const).map((mode) => disclosureKind(mode))).toEqual(["virtuallyStaged", "virtuallyStaged", "virtuallyStaged"]);
  });
});
