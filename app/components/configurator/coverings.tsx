/**
 * SVG drawings of each covering family, drawn inside a window opening (x, y, w, h) in the
 * given colour. `open` 0 = closed for privacy, 1 = open to the view. Pure functions of their
 * inputs so the server render and the browser agree.
 */
import type { ReactNode } from "react";

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

/** Mix a hex colour towards black (amount < 0) or white (amount > 0). */
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

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
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
  const pitch = w / count;
  const vane = pitch * (0.98 - 0.62 * open);
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-vane`} x1="0" x2="1">
          <stop offset="0" stopColor={shade(color, 0.35)} />
          <stop offset="0.55" stopColor={color} />
          <stop offset="1" stopColor={shade(color, -0.18)} />
        </linearGradient>
        <pattern id={`${uid}-weave`} width="3" height="3" patternUnits="userSpaceOnUse">
          <path d="M0 3 L3 0" stroke={shade(color, -0.25)} strokeWidth="0.4" opacity="0.5" />
        </pattern>
      </defs>
      {range(count).map((i) => {
        const vx = x + i * pitch + (pitch - vane) / 2;
        return (
          <g key={i}>
            <rect x={vx} y={y + 2} width={vane} height={h - 3} fill={`url(#${uid}-vane)`} />
            {fabric ? (
              <rect x={vx} y={y + 2} width={vane} height={h - 3} fill={`url(#${uid}-weave)`} />
            ) : (
              <line
                x1={vx + vane / 2}
                y1={y + 2}
                x2={vx + vane / 2}
                y2={y + h - 1}
                stroke={shade(color, -0.12)}
                strokeWidth="0.4"
              />
            )}
            <rect x={vx} y={y + h - 3} width={vane} height={1.6} fill={shade(color, -0.3)} />
          </g>
        );
      })}
      <rect x={x - 2} y={y - 3} width={w + 4} height={5} rx="1" fill={shade(color, -0.08)} />
      <rect x={x - 2} y={y + 1} width={w + 4} height={1} fill={RAIL} opacity="0.5" />
      <line
        x1={x + w - 2}
        y1={y + 2}
        x2={x + w - 2}
        y2={y + h * 0.7}
        stroke={RAIL}
        strokeDasharray="1 1.2"
      />
    </g>
  );
}

/** Thin horizontal aluminum slats with ladder strings and a tilt wand. */
export function MiniBlind({ box, color, open, uid }: CoveringProps) {
  const { x, y, w, h } = box;
  const count = Math.max(10, Math.round(h / 4.5));
  const pitch = (h - 6) / count;
  const slat = pitch * (0.95 - 0.6 * open);
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-slat`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={shade(color, 0.45)} />
          <stop offset="0.5" stopColor={color} />
          <stop offset="1" stopColor={shade(color, -0.25)} />
        </linearGradient>
      </defs>
      {[0.18, 0.82].map((f) => (
        <line
          key={f}
          x1={x + w * f}
          y1={y}
          x2={x + w * f}
          y2={y + h - 3}
          stroke={shade(color, -0.35)}
          strokeWidth="0.5"
        />
      ))}
      {range(count).map((i) => (
        <rect
          key={i}
          x={x + 0.5}
          y={y + 4 + i * pitch}
          width={w - 1}
          height={slat}
          rx={slat / 2}
          fill={`url(#${uid}-slat)`}
        />
      ))}
      <rect x={x - 1} y={y - 1} width={w + 2} height={5} rx="1" fill={shade(color, -0.12)} />
      <rect x={x} y={y + h - 4} width={w} height={3.5} rx="1" fill={shade(color, -0.15)} />
      <line
        x1={x + 5}
        y1={y + 4}
        x2={x + 5}
        y2={y + h * 0.6}
        stroke={shade(color, -0.4)}
        strokeWidth="1.2"
        strokeLinecap="round"
      />
    </g>
  );
}

/** Hinged plantation shutter panels with wide louvres and a tilt rod. */
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
  const stile = Math.max(2.5, pw * 0.09);
  const divider = h > 70 ? y + h * 0.45 : null;
  const edge = shade(color, -0.22);
  const louvres = (top: number, bottom: number, px: number, key: string): ReactNode => {
    const count = Math.max(3, Math.round((bottom - top) / 7));
    const pitch = (bottom - top) / count;
    const lh = pitch * (0.92 - 0.55 * open);
    return range(count).map((i) => (
      <rect
        key={`${key}-${i}`}
        x={px + stile}
        y={top + i * pitch + (pitch - lh) / 2}
        width={pw - 2 * stile}
        height={lh}
        rx={lh / 2}
        fill={`url(#${uid}-louvre)`}
        stroke={edge}
        strokeWidth="0.3"
      />
    ));
  };
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-louvre`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={shade(color, 0.5)} />
          <stop offset="0.6" stopColor={color} />
          <stop offset="1" stopColor={shade(color, -0.2)} />
        </linearGradient>
      </defs>
      {range(panels).map((p) => {
        const px = x + p * pw;
        const top = y + stile;
        const bottom = y + h - stile;
        return (
          <g key={p}>
            <rect
              x={px}
              y={y}
              width={pw}
              height={h}
              fill="none"
              stroke={color}
              strokeWidth={stile * 2}
            />
            <rect
              x={px + 0.3}
              y={y + 0.3}
              width={pw - 0.6}
              height={h - 0.6}
              fill="none"
              stroke={edge}
              strokeWidth="0.6"
            />
            {divider === null ? (
              louvres(top, bottom, px, `l${p}`)
            ) : (
              <>
                {louvres(top, divider - stile / 2, px, `a${p}`)}
                <rect
                  x={px}
                  y={divider - stile / 2}
                  width={pw}
                  height={stile}
                  fill={color}
                  stroke={edge}
                  strokeWidth="0.4"
                />
                {louvres(divider + stile / 2, bottom, px, `b${p}`)}
              </>
            )}
            <line
              x1={px + pw / 2}
              y1={top + 2}
              x2={px + pw / 2}
              y2={(divider ?? bottom) - 2}
              stroke={edge}
              strokeWidth="1"
            />
            {p % 2 === 1 ? null : (
              <circle cx={px + pw - stile} cy={y + h / 2} r="0.9" fill={shade(color, -0.4)} />
            )}
          </g>
        );
      })}
      <rect
        x={x - 2.5}
        y={y - 2.5}
        width={w + 5}
        height={h + 5}
        fill="none"
        stroke={color}
        strokeWidth="3"
      />
      <rect
        x={x - 4}
        y={y - 4}
        width={w + 8}
        height={h + 8}
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
  const order = range(panels).sort((a, b) => (a % 2) - (b % 2));
  return (
    <g>
      <rect x={x - 4} y={y - 5} width={w + 8} height={5} rx="1" fill={RAIL} />
      <rect x={x - 4} y={y + h} width={w + 8} height={2.5} fill={shade(RAIL, 0.3)} />
      {order.map((i) => {
        const back = i % 2 === 1;
        return (
          <g key={i} opacity={back ? 0.93 : 1}>
            <rect x={left(i) + 1} y={y + 1} width={pw} height={h - 1} fill="#0002" />
            <ShutterPanels
              box={{ x: left(i) + 2.5, y: y + 2.5, w: pw - 5, h: h - 5 }}
              color={back ? shade(color, -0.06) : color}
              open={0.15}
              uid={`${uid}-p${i}`}
              panelCount={1}
            />
            <rect
              x={left(i)}
              y={y}
              width={pw}
              height={h}
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
  const pitch = (h - 8) / pairs;
  const solid = pitch * (0.55 - 0.3 * open);
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-cassette`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={shade(color, 0.3)} />
          <stop offset="1" stopColor={shade(color, -0.2)} />
        </linearGradient>
      </defs>
      <rect x={x} y={y + 3} width={w} height={h - 7} fill={color} opacity="0.42" />
      {range(pairs).map((i) => (
        <g key={i}>
          <rect x={x} y={y + 4 + i * pitch} width={w} height={solid} fill={color} />
          <rect
            x={x}
            y={y + 4 + i * pitch + solid - 0.5}
            width={w}
            height={0.5}
            fill={shade(color, -0.2)}
          />
        </g>
      ))}
      <rect x={x - 2} y={y - 2} width={w + 4} height={7} rx="2" fill={`url(#${uid}-cassette)`} />
      <rect x={x} y={y + h - 5} width={w} height={3.5} rx="1.2" fill={shade(color, -0.28)} />
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
