"use client";

import { useTranslations } from "next-intl";

/** Names of styles and rooms from the messages, falling back to the id for one the catalogue no longer has. */
export function useCatalogNames() {
  const tStyles = useTranslations("styles");
  const tRooms = useTranslations("rooms");
  return {
    style: (id: string) => (tStyles.has(`${id}.name`) ? tStyles(`${id}.name`) : id),
    room: (id: string) => (tRooms.has(id) ? tRooms(id) : id),
  };
}
