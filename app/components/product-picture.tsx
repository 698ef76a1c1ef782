/**
 * Product pictures drawn as SVG from the product type, colour and proportions
 *: the store ships no photographs. The "front" view is the
 * live preview of a configurator; the gallery adds an open view, a room view and a close-up.
 * Pictures that do not follow the shopper's choices (home cards, cart thumbnails) are served as
 * cacheable files by routes/picture.ts instead of being repeated inline in the HTML.
 */
import { useId } from "react";
import { type Box, Covering } from "./storefront/configurator/coverings";

export const PICTURE_VIEWS = ["front", "open", "room", "detail"] as const;
export type PictureView = (typeof PICTURE_VIEWS)[number];

export const PICTURE_VIEW_LABELS: Record<PictureView, string> = {
  front: "front view",
  open: "opened to the view",
  room: "in a room",
  detail: "close-up of the material",
};

export interface ProductPictureProps {
  type: string;
  /** Fill colour (hex) of the covering. */
  color?: string;
  /** Width ÷ height of the window; drawn to scale inside the frame. */
  aspect?: number;
  /** Accessible name of the picture. */
  label: string;
  view?: PictureView;
  className?: string;
  /** Beside text that already names the item (cart rows): hidden from assistive technology. */
  decorative?: boolean;
}

const W = 200;
const H = 160;

/** The largest box of the given aspect that fits in (maxW × maxH), centred on (cx, top). */
function fitBox(aspect: number, maxW: number, maxH: number, cx: number, top: number): Box {
  const a = Math.min(4, Math.max(0.25, aspect));
  let w = maxW;
  let h = w / a;
  if (h > maxH) {
    h = maxH;
    w = h * a;
  }
  return { x: cx - w / 2, y: top + (maxH - h) / 2, w, h };
}

function Sky({ box, uid }: { box: Box; uid: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${uid}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9CCBE8" />
          <stop offset="0.7" stopColor="#D7EDF7" />
          <stop offset="1" stopColor="#BFD9A8" />
        </linearGradient>
      </defs>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} fill={`url(#${uid}-sky)`} />
      <path
        d={`M${box.x} ${box.y + box.h * 0.82} q ${box.w * 0.25} -${box.h * 0.12} ${box.w * 0.5} 0 t ${box.w * 0.5} 0 V ${box.y + box.h} H ${box.x} Z`}
        fill="#8DB07A"
        opacity="0.7"
      />
    </>
  );
}

function WindowWithCovering({
  type,
  color,
  box,
  open,
  uid,
}: {
  type: string;
  color: string;
  box: Box;
  open: number;
  uid: string;
}) {
  const trim = Math.max(3, Math.min(box.w, box.h) * 0.05);
  return (
    <g>
      <rect
        x={box.x - trim - 1}
        y={box.y - trim + 1}
        width={box.w + 2 * trim + 2}
        height={box.h + 2 * trim + 2}
        fill="#0000000f"
      />
      <rect
        x={box.x - trim}
        y={box.y - trim}
        width={box.w + 2 * trim}
        height={box.h + 2 * trim}
        fill="#FFFFFF"
        stroke="#C5CED6"
        strokeWidth="0.6"
      />
      <Sky box={box} uid={uid} />
      <line
        x1={box.x + box.w / 2}
        y1={box.y}
        x2={box.x + box.w / 2}
        y2={box.y + box.h}
        stroke="#FFFFFF"
        strokeWidth="1.4"
      />
      <Covering type={type} box={box} color={color} open={open} uid={uid} />
      <rect
        x={box.x - trim - 2}
        y={box.y + box.h + trim - 1}
        width={box.w + 2 * trim + 4}
        height={3}
        fill="#FFFFFF"
        stroke="#C5CED6"
        strokeWidth="0.5"
      />
    </g>
  );
}

function RoomScene({
  type,
  color,
  aspect,
  uid,
}: {
  type: string;
  color: string;
  aspect: number;
  uid: string;
}) {
  const box = fitBox(aspect, 96, 78, 92, 14);
  return (
    <g>
      <rect width={W} height={H * 0.74} fill="#EDE7DD" />
      <rect y={H * 0.74} width={W} height={H * 0.26} fill="#C9A882" />
      <rect y={H * 0.74} width={W} height="2.5" fill="#FFFFFF" />
      <WindowWithCovering type={type} color={color} box={box} open={0.35} uid={uid} />
      {/* A sofa and a plant, for scale. */}
      <g transform={`translate(${Math.min(140, box.x + box.w + 6)} 92)`}>
        <rect x="0" y="10" width="46" height="16" rx="4" fill="#6F8A94" />
        <rect x="3" y="0" width="40" height="14" rx="4" fill="#7E99A3" />
        <rect x="-2" y="8" width="7" height="18" rx="3" fill="#61787F" />
        <rect x="41" y="8" width="7" height="18" rx="3" fill="#61787F" />
        <rect x="4" y="26" width="3" height="5" fill="#4A3B2C" />
        <rect x="39" y="26" width="3" height="5" fill="#4A3B2C" />
      </g>
      <g transform="translate(18 96)">
        <path
          d="M8 22 q-10 -14 -6 -24 q6 8 6 24 M8 22 q2 -16 10 -22 q2 12 -10 22 M8 22 q-2 -18 2 -28 q4 12 -2 28"
          fill="#5E8C5A"
        />
        <path d="M1 22 h14 l-2 14 h-10 z" fill="#B86F4B" />
      </g>
    </g>
  );
}

export function ProductPicture({
  type,
  color = "#F4F1EA",
  aspect = 36 / 48,
  label,
  view = "front",
  className,
  decorative = false,
}: ProductPictureProps) {
  const uid = `pp${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const wall = "#EEEAE3";
  let body: React.ReactNode;
  if (view === "room") {
    body = <RoomScene type={type} color={color} aspect={aspect} uid={uid} />;
  } else {
    const box = fitBox(aspect, 172, 134, W / 2, 13);
    const picture = (
      <WindowWithCovering
        type={type}
        color={color}
        box={box}
        open={view === "open" ? 0.9 : 0}
        uid={uid}
      />
    );
    // The close-up: the same drawing cropped and enlarged to show the material.
    body =
      view === "detail" ? (
        <>
          <defs>
            <clipPath id={`${uid}-clip`}>
              <rect width={W} height={H} />
            </clipPath>
          </defs>
          <g clipPath={`url(#${uid}-clip)`}>
            <g
              transform={`translate(${W / 2} ${H / 2}) scale(2.6) translate(${-box.x - box.w * 0.3} ${-box.y - box.h * 0.22})`}
            >
              {picture}
            </g>
          </g>
        </>
      ) : (
        picture
      );
  }
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      xmlns="http://www.w3.org/2000/svg"
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })}
      className={className}
      preserveAspectRatio="xMidYMid meet"
    >
      {decorative ? null : <title>{label}</title>}
      <rect width={W} height={H} fill={wall} />
      {body}
    </svg>
  );
}
