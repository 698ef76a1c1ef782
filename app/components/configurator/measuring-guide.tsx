/** The short measuring guide every configurator carries (DECISIONS.md). */
export function MeasuringGuide() {
  return (
    <details className="rounded-lg border border-line bg-surface p-4">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        How to measure your window
      </summary>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-muted">
        <li>
          Choose inside mount (fits inside the window frame) or outside mount (covers the frame and
          the wall around it).
        </li>
        <li>Use a steel tape and measure to the nearest 1/8 inch.</li>
        <li>
          Measure the width first, always, at the top, middle and bottom. For inside mount use the
          narrowest of the three; for outside mount add the overlap you want.
        </li>
        <li>Then measure the height at the left, centre and right, and use the longest.</li>
        <li>Write width × height in that order. We verify every measurement before we make it.</li>
      </ol>
    </details>
  );
}
