"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { EditMode } from "@/config/edit-modes";
import type { RoomType } from "@/config/room-types";
import type { StyleId } from "@/config/styles";
import { floorMaterials } from "@/config/floor-materials";
import { paintColors } from "@/config/paint-colors";
import type { EditParams } from "@/schemas/edit-params";

/**
 * Names of styles, rooms and visualizations from the messages, falling back to the id for one the catalogue no
 * longer has. The same object while the messages stay: callbacks built on it keep their identity (a polling
 * interval that depends on one is not started again on every render).
 */
export function useCatalogNames() {
  const tStyles = useTranslations("styles");
  const tRooms = useTranslations("rooms");
  const tModes = useTranslations("modes");
  const tGeneration = useTranslations("generation");
  const tMaterials = useTranslations("materials");
  const tColors = useTranslations("paintColors");
  return useMemo(() => {
    // The ids come from stored rows, so they are checked against the messages before being used as keys.
    const style = (id: string) => (tStyles.has(`${id as StyleId}.name`) ? tStyles(`${id as StyleId}.name`) : id);
    const edit = (mode: EditMode, params: Partial<EditParams>): string => {
      switch (mode) {
        case "restyle":
        case "stage":
        case "remove":
          return tModes(mode === "remove" ? "remove.name" : `${mode}.name`);
        case "declutter":
          return tModes("declutterResult.name");
        case "replace":
          return tModes("replace.name", { text: params.text ?? "" });
        case "paint": {
          // A colour picked by name is called by it, with its hex: the one it was made in.
          const named = paintColors.find((color) => color.hex === params.color?.toUpperCase());
          return named ? tModes("paint.namedName", { name: tColors(named.id), color: named.hex }) : tModes("paint.name", { color: params.color ?? "" });
        }
        case "material": {
          const known = floorMaterials.find((material) => material.id === params.material);
          return tModes("material.name", { material: known ? tMaterials(known.id) : (params.material ?? "") });
        }
        default:
          // The other modes name their results with modes.<mode>.resultName (src/config/modes/).
          return tModes.has(`${mode}.resultName` as "restyle.name") ? tModes(`${mode}.resultName` as "restyle.name") : mode;
      }
    };
    return {
      style,
      room: (id: string) => (tRooms.has(id as RoomType) ? tRooms(id as RoomType) : id),
      /** A visualization's name in its batch: its style (or what was edited), which variation it is, and whether it is a free remake (else it bears its original's name). */
      visualization: (batch: { mode: EditMode; params: Partial<EditParams> }, v: { styleId: string | null; variant: number; remakeOf?: string | null }) => {
        const base = v.styleId ? style(v.styleId) : edit(batch.mode, batch.params);
        const name = v.variant > 0 ? tGeneration("variant", { name: base, number: v.variant + 1 }) : base;
        return v.remakeOf ? tGeneration("remakeName", { name }) : name;
      },
    };
  }, [tStyles, tRooms, tModes, tGeneration, tMaterials, tColors]);
}
