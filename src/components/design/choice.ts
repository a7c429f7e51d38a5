import type { LibraryCredit } from "@/config/library";
import type { RoomType } from "@/config/room-types";
import type { ImageDto, ImageSource } from "@/schemas/generation";

/** A library photo as the design page needs it (from src/config/library.ts). */
export type LibraryOption = { id: string; roomType: RoomType; file: string; width: number; height: number; credit?: LibraryCredit };
/** A style as the design page needs it (from src/config/styles.ts); its name and description are messages. */
export type StyleOption = { id: string; thumbnail: string };

/** The image the user chose: one of their own (an upload or a result) or an example from the library. */
export type ImageChoice = { type: "image"; image: ImageDto } | { type: "library"; photo: LibraryOption };

export function sourceOf(choice: ImageChoice): ImageSource {
  return choice.type === "image" ? { type: "image", imageId: choice.image.id } : { type: "library", libraryId: choice.photo.id };
}
