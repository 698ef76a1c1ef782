/**
 * SVG drawings of each covering family, drawn inside a window opening (x, y, w, h) in the
 * given color. `open` 0 = closed for privacy, 1 = open to the view. Pure functions of their
 * inputs so the server render and the browser agree.
 *
 * Repeating parts (vanes, slats, louvers, bands) are one SVG <pattern> each, filled over the
 * opening, not one element per slat: a drawing stays around 1–2 KB of markup.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CoveringProps {
  box: Box;
  color: string;
  open: number;
  /** Unique prefix for gradient and pattern ids. */
  uid: string;
}

/** Mix a hex color towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return hex;
  const n = Number.parseInt(m[1], 16);
  const channel = (v: number) => {
    const t = amount < 0 ? 0 : 255;
    const out = Math.round(v + (t - v) * Math.abs(amount));
    return out.toString(16).padStart(2, "0");
  };
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}

/** Two decimals are plenty for a 200 × 160 drawing and keep the markup short. */
const r2 = (n: number) => Math.round(n * 100) / 100;
const RAIL = "#8A949E";

/** Vertical vanes on a head rail (vinyl and fabric verticals). */
export function VerticalVanes({
  box,
  color,
  open,
  uid,
  fabric,
}: CoveringProps & { fabric: boolean }) {
  const { x, y, w, h } = box;
  const count = Math.max(5, Math.round(w / 9));
  const pitch = r2(w / count);
  const vane = r2(pitch * (0.96 - 0.62 * open));
  const inset = r2((pitch - vane) / 2);
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-v`} x1="0" x2="1">
          <stop offset="0" stopColor={shade(color, 0.35)} />
          <stop offset="0.55" stopColor={color} />
          <stop offset="1" stopColor={shade(color, -0.2)} />
        </linearGradient>
        <pattern
          id={`${uid}-vp`}
          x={r2(x)}
          y={r2(y)}
          width={pitch}
          height={r2(h)}
          patternUnits="userSpaceOnUse"
        >
          <rect x={inset} y="2" width={vane} height={r2(h - 3)} fill={`url(#${uid}-v)`} />
          {fabric ? (
            <rect
              x={inset}
              y="2"
              width={vane}
              height={r2(h - 3)}
              fill={shade(color, -0.3)}
              opacity="0.08"
            />
          ) : (
            <line
              x1={r2(inset + vane / 2)}
              y1="2"
              x2={r2(inset + vane / 2)}
              y2={r2(h - 1)}
              stroke={shade(color, -0.12)}
              strokeWidth="0.4"
            />
          )}
          <rect x={inset} y={r2(h - 3)} width={vane} height="1.6" fill={shade(color, -0.3)} />
          <rect x={r2(inset + vane * 0.35)} y="0.5" width={r2(vane * 0.3)} height="2" fill={RAIL} />
        </pattern>
      </defs>
      <rect x={r2(x)} y={r2(y)} width={r2(w)} height={r2(h)} fill={`url(#${uid}-vp)`} />
      <rect
        x={r2(x - 2)}
        y={r2(y - 3)}
        width={r2(w + 4)}
        height="4.5"
        rx="1"
        fill={shade(color, -0.06)}
        stroke={shade(color, -0.25)}
        strokeWidth="0.3"
      />
      <line
        x1={r2(x + w - 2)}
        y1={r2(y + 2)}
        x2={r2(x + w - 2)}
        y2={r2(y + h * 0.7)}
        stroke={RAIL}
        strokeDasharray="1 1.2"
      />
    </g>
  );
}

/** Thin horizontal aluminum slats with ladder strings and a tilt wand. */
export function MiniBlind({ box, color, open, uid }: CoveringProps) {
  const { x, y, w, h } = box;
  const count = Math.max(10, Math.round(h / 4));
  const pitch = r2((h - 7) / count);
  const slat = r2(pitch * (0.94 - 0.6 * open));
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-s`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={shade(color, 0.45)} />
          <stop offset="0.5" stopColor={color} />
          <stop offset="1" stopColor={shade(color, -0.28)} />
        </linearGradient>
        <pattern
          id={`${uid}-sp`}
          x={r2(x)}
          y={r2(y + 4)}
          width={r2(w)}
          height={pitch}
          patternUnits="userSpaceOnUse"
        >
          <rect width={r2(w)} height={slat} fill={`url(#${uid}-s)`} />
        </pattern>
      </defs>
      {[0.2, 0.8].map((f) => (
        <line
          key={f}
          x1={r2(x + w * f)}
          y1={r2(y)}
          x2={r2(x + w * f)}
          y2={r2(y + h - 3)}
          stroke={shade(color, -0.35)}
          strokeWidth="0.4"
        />
      ))}
      <rect
        x={r2(x + 0.5)}
        y={r2(y + 4)}
        width={r2(w - 1)}
        height={r2(pitch * count)}
        fill={`url(#${uid}-sp)`}
      />
      <rect
        x={r2(x - 1)}
        y={r2(y - 1)}
        width={r2(w + 2)}
        height="5"
        rx="1"
        fill={shade(color, -0.1)}
      />
      <rect
        x={r2(x)}
        y={r2(y + h - 3.5)}
        width={r2(w)}
        height="3"
        rx="1"
        fill={shade(color, -0.15)}
      />
      <line
        x1={r2(x + 4)}
        y1={r2(y + 4)}
        x2={r2(x + 4)}
        y2={r2(y + h * 0.6)}
        stroke={shade(color, -0.4)}
        strokeWidth="1.1"
        strokeLinecap="round"
      />
    </g>
  );
}

/**
 * A column of shutter louvers between `top` and `bottom`: flat boards seen face-on, lit from
 * above, each casting a thin shadow on the one below; opened, the gaps show the view.
 */
function Louvers({
  x,
  w,
  top,
  bottom,
  color,
  open,
  id,
}: {
  x: number;
  w: number;
  top: number;
  bottom: number;
  color: string;
  open: number;
  id: string;
}) {
  const count = Math.max(3, Math.round((bottom - top) / 6.5));
  const pitch = r2((bottom - top) / count);
  const board = r2(pitch * (0.97 - 0.55 * open));
  return (
    <>
      <defs>
        <pattern id={id} x="0" y={r2(top)} width="400" height={pitch} patternUnits="userSpaceOnUse">
          <rect width="400" height={board} fill={color} />
          <rect width="400" height={r2(board * 0.3)} fill={shade(color, 0.6)} opacity="0.7" />
          <rect
            y={r2(board * 0.72)}
            width="400"
            height={r2(board * 0.28)}
            fill={shade(color, -0.1)}
          />
          <rect y={r2(board - 0.45)} width="400" height="0.45" fill={shade(color, -0.4)} />
        </pattern>
      </defs>
      <rect x={r2(x)} y={r2(top)} width={r2(w)} height={r2(bottom - top)} fill={`url(#${id})`} />
    </>
  );
}

/** Hinged plantation shutter panels with wide louvers and a tilt rod. */
export function ShutterPanels({
  box,
  color,
  open,
  uid,
  panelCount,
}: CoveringProps & { panelCount?: number }) {
  const { x, y, w, h } = box;
  const panels = panelCount ?? Math.min(4, Math.max(2, Math.round(w / (h * 0.45))));
  const pw = w / panels;
  const stile = Math.max(2.5, pw * 0.08);
  const divider = h > 70 ? y + h * 0.45 : null;
  const edge = shade(color, -0.22);
  return (
    <g>
      {Array.from({ length: panels }, (_, p) => {
        const px = x + p * pw;
        const top = y + stile;
        const bottom = y + h - stile;
        const inner = { x: px + stile, w: pw - 2 * stile };
        const sections: [number, number][] =
          divider === null
            ? [[top, bottom]]
            : [
                [top, divider - stile / 2],
                [divider + stile / 2, bottom],
              ];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: panels are positions, never reordered
          <g key={p}>
            <rect
              x={r2(px)}
              y={r2(y)}
              width={r2(pw)}
              height={r2(h)}
              fill={color}
              stroke={edge}
              strokeWidth="0.5"
            />
            {sections.map(([a, b], s) => (
              <g key={a}>
                <rect
                  x={r2(inner.x)}
                  y={r2(a)}
                  width={r2(inner.w)}
                  height={r2(b - a)}
                  fill="#0000001a"
                />
                <Louvers
                  x={inner.x}
                  w={inner.w}
                  top={a}
                  bottom={b}
                  color={color}
                  open={open}
                  id={`${uid}-l${p}${s}`}
                />
                <rect
                  x={r2(inner.x)}
                  y={r2(a)}
                  width={r2(inner.w)}
                  height={r2(b - a)}
                  fill="none"
                  stroke={edge}
                  strokeWidth="0.4"
                />
                <rect
                  x={r2(px + pw / 2 - 0.6)}
                  y={r2(a + 1.5)}
                  width="1.2"
                  height={r2((b - a) * 0.8)}
                  rx="0.6"
                  fill={shade(color, -0.06)}
                  stroke={edge}
                  strokeWidth="0.25"
                />
              </g>
            ))}
            {p % 2 === 1 ? null : (
              <circle
                cx={r2(px + pw - stile / 2)}
                cy={r2(y + h / 2)}
                r="0.8"
                fill={shade(color, -0.45)}
              />
            )}
          </g>
        );
      })}
      <rect
        x={r2(x - 3)}
        y={r2(y - 3)}
        width={r2(w + 6)}
        height={r2(h + 6)}
        fill="none"
        stroke={color}
        strokeWidth="3"
      />
      <rect
        x={r2(x - 4.5)}
        y={r2(y - 4.5)}
        width={r2(w + 9)}
        height={r2(h + 9)}
        fill="none"
        stroke={edge}
        strokeWidth="0.5"
      />
    </g>
  );
}

/** Shutter panels that slide past each other on a top track. */
export function BypassPanels({ box, color, open, uid }: CoveringProps) {
  const { x, y, w, h } = box;
  const panels = Math.min(4, Math.max(3, Math.round(w / (h * 0.3))));
  const pw = (w / panels) * 1.04;
  const edge = shade(color, -0.25);
  // Open: panels stack at the right-hand side.
  const left = (i: number) => {
    const closed = x + (i * (w - pw)) / (panels - 1);
    const stacked = x + w - pw - (panels - 1 - i) * 3;
    return closed + (stacked - closed) * open;
  };
  const order = Array.from({ length: panels }, (_, i) => i).sort((a, b) => (a % 2) - (b % 2));
  return (
    <g>
      <rect x={r2(x - 4)} y={r2(y - 5)} width={r2(w + 8)} height="5" rx="1" fill={RAIL} />
      <rect x={r2(x - 4)} y={r2(y + h)} width={r2(w + 8)} height="2.5" fill={shade(RAIL, 0.3)} />
      {order.map((i) => {
        const back = i % 2 === 1;
        return (
          <g key={i}>
            <rect
              x={r2(left(i) + 1)}
              y={r2(y + 1)}
              width={r2(pw)}
              height={r2(h - 1)}
              fill="#0002"
            />
            <ShutterPanels
              box={{ x: left(i) + 2.5, y: y + 2.5, w: pw - 5, h: h - 5 }}
              color={back ? shade(color, -0.06) : color}
              open={0.15}
              uid={`${uid}-p${i}`}
              panelCount={1}
            />
            <rect
              x={r2(left(i))}
              y={r2(y)}
              width={r2(pw)}
              height={r2(h)}
              fill="none"
              stroke={edge}
              strokeWidth="0.6"
            />
          </g>
        );
      })}
    </g>
  );
}

/** A roller shade of alternating solid and sheer bands with a cassette and bottom rail. */
export function ZebraBands({ box, color, open, uid }: CoveringProps) {
  const { x, y, w, h } = box;
  const pairs = Math.max(5, Math.round(h / 14));
  const pitch = r2((h - 8) / pairs);
  const solid = r2(pitch * (0.55 - 0.3 * open));
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-c`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={shade(color, 0.3)} />
          <stop offset="1" stopColor={shade(color, -0.2)} />
        </linearGradient>
        <pattern
          id={`${uid}-zp`}
          x={r2(x)}
          y={r2(y + 4)}
          width={r2(w)}
          height={pitch}
          patternUnits="userSpaceOnUse"
        >
          <rect width={r2(w)} height={solid} fill={color} />
          <rect y={r2(solid - 0.5)} width={r2(w)} height="0.5" fill={shade(color, -0.2)} />
        </pattern>
      </defs>
      <rect x={r2(x)} y={r2(y + 3)} width={r2(w)} height={r2(h - 7)} fill={color} opacity="0.42" />
      <rect
        x={r2(x)}
        y={r2(y + 4)}
        width={r2(w)}
        height={r2(pitch * pairs)}
        fill={`url(#${uid}-zp)`}
      />
      <rect
        x={r2(x - 2)}
        y={r2(y - 2)}
        width={r2(w + 4)}
        height="7"
        rx="2"
        fill={`url(#${uid}-c)`}
      />
      <rect
        x={r2(x)}
        y={r2(y + h - 5)}
        width={r2(w)}
        height="3.5"
        rx="1.2"
        fill={shade(color, -0.28)}
      />
    </g>
  );
}

export function Covering({ type, ...props }: CoveringProps & { type: string }) {
  switch (type) {
    case "vinyl":
      return <VerticalVanes {...props} fabric={false} />;
    case "fabric":
      return <VerticalVanes {...props} fabric />;
    case "aluminum":
      return <MiniBlind {...props} />;
    case "bypass-shutters":
      return <BypassPanels {...props} />;
    case "zebra-shades":
      return <ZebraBands {...props} />;
    default:
      return <ShutterPanels {...props} />;
  }
}
