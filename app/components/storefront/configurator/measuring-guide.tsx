/**
 * The short measuring guide every configurator carries, as a disclosure that
 * looks like one (a heading-sized summary with a chevron and "Show"), with a drawing of where
 * to measure for inside and for outside mount.
 */
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { useT } from "../../../lib/i18n";

const FRAME = "#8a6f52";
const GLASS = "#dbe9f1";
const BLIND = "#f4f1ea";
const ARROW = "#1d4e5f";

function Arrow({ x1, y1, x2, y2 }: { x1: number; y1: number; x2: number; y2: number }) {
  return (
    <line
      x1={x1}
      y1={y1}
      x2={x2}
      y2={y2}
      stroke={ARROW}
      strokeWidth={2}
      markerStart="url(#mg-head)"
      markerEnd="url(#mg-head)"
    />
  );
}

/** Inside mount: the blind sits in the opening; width at three heights, the narrowest wins. */
function InsideMountDrawing() {
  const t = useT("storefront", storefront);
  return (
    <svg
      viewBox="0 0 200 170"
      role="img"
      aria-labelledby="mg-inside-title"
      className="h-auto w-full"
    >
      <title id="mg-inside-title">{t("measure.insideDrawing")}</title>
      <rect x="30" y="20" width="140" height="130" fill={FRAME} rx="3" />
      <rect x="42" y="32" width="116" height="106" fill={GLASS} />
      <rect x="42" y="32" width="116" height="70" fill={BLIND} stroke="#cfc6b6" />
      {[48, 60, 72, 84, 96].map((y) => (
        <line key={y} x1="42" x2="158" y1={y} y2={y} stroke="#d9d1c1" />
      ))}
      <Arrow x1={46} y1={40} x2={154} y2={40} />
      <Arrow x1={46} y1={85} x2={154} y2={85} />
      <Arrow x1={46} y1={130} x2={154} y2={130} />
      <Arrow x1={100} y1={36} x2={100} y2={134} />
      <text x="100" y="14" textAnchor="middle" fontSize="11" fill="#333">
        {t("measure.insideWidth")}
      </text>
      <text x="100" y="164" textAnchor="middle" fontSize="11" fill="#333">
        {t("measure.insideFrame")}
      </text>
    </svg>
  );
}

/** Outside mount: the blind covers the frame and some wall; measure what it should cover. */
function OutsideMountDrawing() {
  const t = useT("storefront", storefront);
  return (
    <svg
      viewBox="0 0 200 170"
      role="img"
      aria-labelledby="mg-outside-title"
      className="h-auto w-full"
    >
      <title id="mg-outside-title">{t("measure.outsideDrawing")}</title>
      <rect x="40" y="34" width="120" height="116" fill={FRAME} rx="3" />
      <rect x="52" y="46" width="96" height="92" fill={GLASS} />
      <rect x="22" y="22" width="156" height="84" fill={BLIND} stroke="#cfc6b6" opacity="0.95" />
      {[34, 46, 58, 70, 82, 94].map((y) => (
        <line key={y} x1="22" x2="178" y1={y} y2={y} stroke="#d9d1c1" />
      ))}
      <Arrow x1={24} y1={16} x2={176} y2={16} />
      <Arrow x1={188} y1={24} x2={188} y2={146} />
      <line x1="22" y1="12" x2="22" y2="22" stroke={ARROW} />
      <line x1="178" y1="12" x2="178" y2="22" stroke={ARROW} />
      <text x="100" y="10" textAnchor="middle" fontSize="11" fill="#333">
        {t("measure.outsideWidth")}
      </text>
      <text x="100" y="164" textAnchor="middle" fontSize="11" fill="#333">
        {t("measure.outsideWall")}
      </text>
    </svg>
  );
}

export function MeasuringGuide() {
  const t = useT("storefront", storefront);
  return (
    <details className="group rounded-lg border border-line bg-surface">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-3">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 shrink-0 text-primary">
            <path
              d="M3 7h18v10H3z M7 7v4 M11 7v3 M15 7v4 M19 7v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
          </svg>
          <span>
            <span className="block text-lg font-semibold">{t("measure.title")}</span>
            <span className="block text-sm text-muted">{t("measure.lead")}</span>
          </span>
        </span>
        <span className="flex items-center gap-1 text-sm font-semibold text-primary">
          <span className="group-open:hidden">{t("measure.show")}</span>
          <span className="hidden group-open:inline">{t("measure.hide")}</span>
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className="size-5 transition-transform group-open:rotate-180"
          >
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </span>
      </summary>
      <div className="border-t border-line px-4 pb-4">
        <svg width="0" height="0" aria-hidden="true" className="absolute">
          <defs>
            <marker
              id="mg-head"
              viewBox="0 0 10 10"
              refX="5"
              refY="5"
              markerWidth="5"
              markerHeight="5"
              orient="auto-start-reverse"
            >
              <path d="M0 0L10 5L0 10z" fill={ARROW} />
            </marker>
          </defs>
        </svg>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <figure>
            <InsideMountDrawing />
            <figcaption className="mt-1 text-sm">
              <strong>{t("measure.inside")}</strong>
              {t("measure.insideText")}
            </figcaption>
          </figure>
          <figure>
            <OutsideMountDrawing />
            <figcaption className="mt-1 text-sm">
              <strong>{t("measure.outside")}</strong>
              {t("measure.outsideText")}
            </figcaption>
          </figure>
        </div>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-muted">
          <li>{t("measure.step1")}</li>
          <li>{t("measure.step2")}</li>
          <li>{t("measure.step3")}</li>
          <li>{t("measure.step4")}</li>
          <li>{t("measure.step5")}</li>
        </ol>
      </div>
    </details>
  );
}
