import { useId } from "react";
import { formatShortDate } from "../../../../domain/scheduling/visit-time";

export interface WeeklyPoint {
  weekStart: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/**
 * A bar per week as an SVG image with a text alternative that says the figures in words
 * (the dashboard's table carries every number for screen readers and for reading).
 */
export function WeeklyBars({
  title,
  points,
  format,
}: {
  title: string;
  points: WeeklyPoint[];
  format: (value: number) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(1, points.length);
  const last = points.at(-1);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const summary = `${title}, ${points.length} weeks: ${format(total)} in all; the highest week ${format(max === 1 && total === 0 ? 0 : max)}; this week ${format(last?.value ?? 0)}.`;
  return (
    <figure className="m-0">
      <figcaption id={`${id}-t`} className="font-semibold">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="mt-2 h-auto w-full"
      >
        <desc id={`${id}-d`}>{summary}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          stroke="#52606d"
        />
        {points.map((p, i) => {
          const h = (p.value / max) * inner.h;
          const x = PAD.left + i * slot + slot * 0.15;
          const current = i === points.length - 1;
          return (
            <g key={p.weekStart}>
              <rect
                x={x}
                y={HEIGHT - PAD.bottom - h}
                width={slot * 0.7}
                height={Math.max(h, p.value > 0 ? 1 : 0)}
                fill={current ? "#b45309" : "#1d4e5f"}
              />
              {(points.length - 1 - i) % 2 === 0 ? (
                <text
                  x={x + slot * 0.35}
                  y={HEIGHT - 10}
                  textAnchor="middle"
                  fontSize="12"
                  fill="#1f2933"
                >
                  {formatShortDate(p.weekStart).replace(/^\w+, /, "")}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
