/**
 * A product's pictures with thumbnails: the owner's photos first, then the drawn
 * views, whose front view is the live preview of the shopper's choices. With no photos the
 * drawings are all there is. Changing a choice (colour, size) brings the live preview forward.
 */
import { useEffect, useRef, useState } from "react";
import type { ProductPhoto } from "../../../../domain/storefront/product-photos";
import { PhotoPicture } from "../../photo-picture";
import {
  PICTURE_VIEW_LABELS,
  PICTURE_VIEWS,
  type PictureView,
  ProductPicture,
} from "../../product-picture";

type Shown = { photo: number } | { view: PictureView };

/** The main picture's width in the page: the whole column on phones, half the page on wide. */
const MAIN_SIZES = "(min-width: 1024px) 600px, 100vw";

export function Gallery({
  type,
  name,
  color,
  colorName,
  aspect,
  photos = [],
  views = PICTURE_VIEWS,
}: {
  type: string;
  name: string;
  color: string;
  colorName: string;
  aspect: number;
  photos?: readonly ProductPhoto[];
  views?: readonly PictureView[];
}) {
  const [shown, setShown] = useState<Shown>(photos.length > 0 ? { photo: 0 } : { view: "front" });
  // A changed choice shows its live preview; the first render keeps the first photo.
  const choices = `${color}|${aspect}`;
  const lastChoices = useRef(choices);
  useEffect(() => {
    if (lastChoices.current === choices) return;
    lastChoices.current = choices;
    setShown({ view: "front" });
  }, [choices]);
  const viewLabel = (v: PictureView) => `${name} in ${colorName}, ${PICTURE_VIEW_LABELS[v]}`;
  const mainPhoto = "photo" in shown ? photos[shown.photo] : undefined;
  const mainView = "view" in shown ? shown.view : "front";
  const thumbnails = photos.length + views.length;
  const isShown = (s: Shown) =>
    "photo" in s
      ? "photo" in shown && shown.photo === s.photo
      : "view" in shown && shown.view === s.view;
  return (
    <div>
      {mainPhoto ? (
        <PhotoPicture
          photo={mainPhoto}
          sizes={MAIN_SIZES}
          eager={"photo" in shown && shown.photo === 0}
          className="aspect-[5/4] w-full rounded-xl border border-line object-cover"
        />
      ) : (
        <ProductPicture
          type={type}
          color={color}
          aspect={aspect}
          view={mainView}
          label={`Preview: ${viewLabel(mainView)}`}
          className="aspect-[5/4] w-full rounded-xl border border-line"
        />
      )}
      {thumbnails > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label="Gallery views">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                aria-pressed={isShown({ photo: i })}
                aria-label={`Show photo ${i + 1}: ${photo.alt}`}
                onClick={() => setShown({ photo: i })}
                className="block w-full overflow-hidden rounded-lg border-2 border-line aria-pressed:border-primary"
              >
                <PhotoPicture
                  photo={{ ...photo, alt: "" }}
                  sizes="120px"
                  className="pointer-events-none aspect-[5/4] w-full object-cover"
                />
              </button>
            </li>
          ))}
          {views.map((v) => (
            <li key={v}>
              <button
                type="button"
                aria-pressed={isShown({ view: v })}
                aria-label={
                  v === "front" && photos.length > 0
                    ? "Show the live preview of your choices"
                    : `Show ${PICTURE_VIEW_LABELS[v]}`
                }
                onClick={() => setShown({ view: v })}
                className="block w-full overflow-hidden rounded-lg border-2 border-line aria-pressed:border-primary"
              >
                <ProductPicture
                  type={type}
                  color={color}
                  aspect={aspect}
                  view={v}
                  label={viewLabel(v)}
                  className="pointer-events-none aspect-[5/4] w-full"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
