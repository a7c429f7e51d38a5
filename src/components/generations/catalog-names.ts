"use client";

import { useTranslations } from "next-intl";
import type { RoomType } from "@/config/room-types";
import type { StyleId } from "@/config/styles";

/** Names of styles and rooms from the messages, falling back to the id for one the catalogue no longer has. */
export function useCatalogNames() {
  const tStyles = useTranslations("styles");
  const tRooms = useTranslations("rooms");
  return {
    // The ids come from stored rows, so they are checked against the messages before being used as keys.
    style: (id: string) => (tStyles.has(`${id as StyleId}.name`) ? tStyles(`${id as StyleId}.name`) : id),
    room: (id: string) => (tRooms.has(id as RoomType) ? tRooms(id as RoomType) : id),
  };
}
