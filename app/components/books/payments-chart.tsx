/**
 * Payments per week as an accessible SVG bar chart: role="img" with a title and
 * a description that says every figure in words, and the same figures in a table beside it
 * for screen readers and for copying. Bars for money received; refunds are in the table.
 */
import { useId } from "react";
import { formatShortDate } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";

export interface WeekBar {
  weekOf: string;
  receivedCents: number;
  refundedCents: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 8;
const BOTTOM = 36;
const TOP = 24;

export function PaymentsChart({ weeks }: { weeks: readonly WeekBar[] }) {
  const id = useId();
  const max = Math.max(1, ...weeks.map((w) => w.receivedCents));
  const slot = (WIDTH - LEFT * 2) / Math.max(1, weeks.length);
  const bar = Math.min(64, slot * 0.7);
  const plot = HEIGHT - BOTTOM - TOP;
  const words = weeks
    .map((w) => `week of ${formatShortDate(w.weekOf)}: ${formatMoney(w.receivedCents)}`)
    .join("; ");
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>Payments received per week</title>
        <desc id={`${id}-desc`}>{words || "No payments in this period."}</desc>
        <line
          x1={LEFT}
          x2={WIDTH - LEFT}
          y1={HEIGHT - BOTTOM}
          y2={HEIGHT - BOTTOM}
          stroke="#52606d"
        />
        {weeks.map((w, i) => {
          const h = Math.round((w.receivedCents / max) * plot);
          const x = LEFT + i * slot + (slot - bar) / 2;
          const y = HEIGHT - BOTTOM - h;
          return (
            <g key={w.weekOf}>
              <rect x={x} y={y} width={bar} height={h} rx={3} fill="#1d4e5f" />
              <text
                x={x + bar / 2}
                y={Math.max(14, y - 6)}
                textAnchor="middle"
                fontSize="13"
                fill="#1f2933"
              >
                {w.receivedCents > 0
                  ? `$${Math.round(w.receivedCents / 100).toLocaleString("en-US")}`
                  : ""}
              </text>
              <text
                x={x + bar / 2}
                y={HEIGHT - BOTTOM + 20}
                textAnchor="middle"
                fontSize="13"
                fill="#52606d"
              >
                {w.weekOf.slice(5).replace("-", "/")}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-muted">
        Bars: money received in the week starting Monday (store time), before refunds.
      </figcaption>
    </figure>
  );
}
