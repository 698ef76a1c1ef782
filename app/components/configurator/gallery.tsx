/** Four drawn views of a product with thumbnails; the main view is the live preview. */
import { useState } from "react";
import {
  PICTURE_VIEW_LABELS,
  PICTURE_VIEWS,
  type PictureView,
  ProductPicture,
} from "../product-picture";

export function Gallery({
  type,
  name,
  color,
  colorName,
  aspect,
}: {
  type: string;
  name: string;
  color: string;
  colorName: string;
  aspect: number;
}) {
  const [view, setView] = useState<PictureView>("front");
  const viewLabel = (v: PictureView) => `${name} in ${colorName}, ${PICTURE_VIEW_LABELS[v]}`;
  return (
    <div>
      <ProductPicture
        type={type}
        color={color}
        aspect={aspect}
        view={view}
        label={`Preview: ${viewLabel(view)}`}
        className="aspect-[5/4] w-full rounded-xl border border-line"
      />
      <ul className="mt-3 grid grid-cols-4 gap-2" aria-label="Gallery views">
        {PICTURE_VIEWS.map((v) => (
          <li key={v}>
            <button
              type="button"
              aria-pressed={view === v}
              aria-label={`Show ${PICTURE_VIEW_LABELS[v]}`}
              onClick={() => setView(v)}
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
    </div>
  );
}
