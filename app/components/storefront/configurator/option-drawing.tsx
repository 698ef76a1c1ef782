/**
 * Small line drawings beside the shutter options: how many panels, which way
 * they swing, the frame's profile and where the tilt rod sits. Decorative: the label says it.
 */
const STROKE = { fill: "none", stroke: "currentColor", strokeWidth: 1.5 } as const;

function Panels({ count }: { count: number }) {
  const w = 40 / count;
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing.
        <rect key={i} x={4 + i * w} y={4} width={w} height={28} {...STROKE} />
      ))}
      {Array.from({ length: 5 }, (_, i) => (
        <line
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing.
          key={`l${i}`}
          x1={4}
          x2={44}
          y1={9 + i * 5}
          y2={9 + i * 5}
          stroke="currentColor"
          strokeOpacity={0.35}
        />
      ))}
    </>
  );
}

function drawing(field: string, value: string) {
  if (field === "panels") {
    if (value === "auto")
      return (
        <text x="24" y="24" textAnchor="middle" fontSize="14" fill="currentColor">
          ?
        </text>
      );
    return <Panels count={Number(value)} />;
  }
  if (field === "hinge") {
    const arrow = (x1: number, x2: number) => (
      <path
        d={`M${x1} 18 L${x2} 18 M${x2} 18 l${x2 > x1 ? -4 : 4} -3 M${x2} 18 l${x2 > x1 ? -4 : 4} 3`}
        {...STROKE}
      />
    );
    if (value === "left")
      return (
        <>
          {<rect x="4" y="4" width="40" height="28" {...STROKE} />}
          <line x1="4" y1="4" x2="4" y2="32" stroke="currentColor" strokeWidth="4" />
          {arrow(36, 12)}
        </>
      );
    if (value === "right")
      return (
        <>
          {<rect x="4" y="4" width="40" height="28" {...STROKE} />}
          <line x1="44" y1="4" x2="44" y2="32" stroke="currentColor" strokeWidth="4" />
          {arrow(12, 36)}
        </>
      );
    if (value === "split")
      return (
        <>
          <rect x="4" y="4" width="20" height="28" {...STROKE} />
          <rect x="24" y="4" width="20" height="28" {...STROKE} />
          <line x1="4" y1="4" x2="4" y2="32" stroke="currentColor" strokeWidth="4" />
          <line x1="44" y1="4" x2="44" y2="32" stroke="currentColor" strokeWidth="4" />
        </>
      );
    return (
      <text x="24" y="24" textAnchor="middle" fontSize="14" fill="currentColor">
        ?
      </text>
    );
  }
  if (field === "frame") {
    const path =
      value === "l-frame"
        ? "M10 6 L10 30 L38 30"
        : value === "z-frame"
          ? "M6 30 L18 30 L18 12 L30 12 L30 6"
          : "M8 30 L8 8 Q14 4 20 8 L20 30 M8 20 L38 20";
    return <path d={path} {...STROKE} strokeWidth={3} strokeLinejoin="round" />;
  }
  if (field === "tiltRod") {
    return (
      <>
        <rect x="8" y="4" width="32" height="28" {...STROKE} />
        {[9, 14, 19, 24, 29].map((y) => (
          <line key={y} x1={8} x2={40} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.45} />
        ))}
        {value === "front" ? (
          <line x1="24" y1="6" x2="24" y2="30" stroke="currentColor" strokeWidth="2.5" />
        ) : null}
      </>
    );
  }
  return null;
}

export function hasOptionDrawing(field: string): boolean {
  return field === "panels" || field === "hinge" || field === "frame" || field === "tiltRod";
}

export function OptionDrawing({ field, value }: { field: string; value: string }) {
  const content = drawing(field, value);
  if (!content) return null;
  return (
    <svg
      viewBox="0 0 48 36"
      width="48"
      height="36"
      aria-hidden="true"
      className="shrink-0 text-primary"
      data-option-drawing={`${field}-${value}`}
    >
      {content}
    </svg>
  );
}
