"use client";

import { useTranslations } from "next-intl";
import { roomTypes, type RoomType } from "@/config/room-types";

/**
 * The room types as a native radio group: those the chosen mode is for (a facade's building, a garden's garden or
 * terrace), all of them otherwise. `step`: its number among the page's steps.
 */
export function RoomTypePicker({ value, onChange, step, rooms = roomTypes }: { value: RoomType | null; onChange: (room: RoomType) => void; step: number; rooms?: readonly RoomType[] }) {
  const t = useTranslations("design");
  const tRooms = useTranslations("rooms");
  return (
    <fieldset>
      <legend>
        <h2 className="text-xl font-semibold text-gray-950 dark:text-white">{t("step", { number: step, title: t("roomLegend") })}</h2>
      </legend>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {rooms.map((room) => (
          <label
            key={room}
            className="option-tile items-center font-medium"
          >
            <input
              type="radio"
              name="room-type"
              value={room}
              checked={value === room}
              onChange={() => onChange(room)}
              className="size-4 shrink-0 accent-primary-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:focus-visible:outline-primary-400"
            />
            {tRooms(room)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
