/**
 * Product pictures drawn as SVG from the product type, colour and proportions
 * (DECISIONS.md "Product pictures"). The configurator issue extends this into the live
 * preview and the four gallery views.
 */
export interface ProductPictureProps {
  type: string;
  /** Fill colour (hex) of the covering. */
  color?: string;
  /** Width ÷ height of the window; drawn to scale inside the frame. */
  aspect?: number;
  /** Accessible name of the picture. */
  label: string;
  className?: string;
}

export function ProductPicture({
  type,
  color = "#F4F1EA",
  aspect = 36 / 48,
  label,
  className,
}: ProductPictureProps) {
  const a = Math.min(2.5, Math.max(0.4, aspect));
  const W = 200;
  const H = 160;
  const h = a >= W / H ? (W - 40) / a : H - 30;
  const w = h * a;
  const x = (W - w) / 2;
  const y = (H - h) / 2;
  const lines: React.ReactNode[] = [];
  const vertical = type === "vinyl" || type === "fabric";
  const count = vertical ? Math.max(6, Math.round(w / 10)) : Math.max(6, Math.round(h / 8));
  for (let i = 1; i < count; i++) {
    if (vertical) {
      const lx = x + (w / count) * i;
      lines.push(<line key={i} x1={lx} y1={y} x2={lx} y2={y + h} stroke="#0003" strokeWidth="1" />);
    } else if (type === "zebra-shades") {
      if (i % 2 === 0) {
        lines.push(
          <rect key={i} x={x} y={y + (h / count) * i} width={w} height={h / count} fill="#0002" />,
        );
      }
    } else {
      const ly = y + (h / count) * i;
      lines.push(
        <line key={i} x1={x} y1={ly} x2={x + w} y2={ly} stroke="#0003" strokeWidth="1.2" />,
      );
    }
  }
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={className}>
      <rect width={W} height={H} fill="#eef3f6" />
      <rect x={x - 4} y={y - 4} width={w + 8} height={h + 8} fill="#fff" stroke="#9aa5b1" />
      <rect x={x} y={y} width={w} height={h} fill={color} stroke="#52606d" strokeWidth="1" />
      {lines}
      {type.includes("shutters") ? (
        <line x1={x + w / 2} y1={y} x2={x + w / 2} y2={y + h} stroke="#52606d" strokeWidth="2" />
      ) : null}
    </svg>
  );
}
