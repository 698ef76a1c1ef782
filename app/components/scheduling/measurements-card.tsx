/**
 * The measurement visit's windows on the installer's job card (decision 524): each window's
 * room, product, mount, the ordering size and its flags, with "Remove"; "Add a window" takes the
 * room, the product, the mount, three widths, three heights and the depth as typed ("35 1/4"),
 * big targets for a phone, and plain forms (no JavaScript needed). "Start a quote from these
 * measurements" builds the draft from the measured windows and opens it.
 */
import { Form, useNavigation } from "react-router";
import { HEIGHT_PARTS, WIDTH_PARTS } from "../../../domain/scheduling/measurement-form";
import type { MeasuredWindowView } from "../../../domain/scheduling/measurements";
import { formatInches, formatSize } from "../../../domain/shared/dimensions";
import { ActionMessage } from "../admin/action-message";
import type { ActionResult } from "../admin/admin-route";

const FLAG_WORDS: Record<string, string> = {
  shallow: "Shallow well for an inside mount",
  "out-of-range": "Outside the product's sizes",
};

function SizeBox({ name, label, error }: { name: string; label: string; error?: string }) {
  return (
    <div>
      <label htmlFor={`m-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`m-${name}`}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        placeholder="35 1/4"
        className="field text-lg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `m-${name}-error` : undefined}
      />
      {error ? (
        <p id={`m-${name}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function MeasurementsCard({
  visitId,
  windows,
  products,
  result,
}: {
  visitId: number;
  windows: MeasuredWindowView[];
  /** The catalog's products, by the names the store sells them under. */
  products: readonly { type: string; name: string }[];
  result: ActionResult | undefined;
}) {
  const nameOf = (type: string) => products.find((p) => p.type === type)?.name ?? type;
  const busy = useNavigation().state !== "idle";
  const mine = result?.intent?.startsWith("measure") ? result : undefined;
  const errors: Record<string, string> = {};
  if (mine && !mine.ok) {
    for (const [name, messages] of Object.entries(mine.reply.error ?? {})) {
      if (messages?.[0]) errors[name] = messages[0];
    }
  }
  return (
    <section aria-labelledby="card-measurements" className="card space-y-4">
      <h2 id="card-measurements" className="text-xl font-bold">
        Measurements ({windows.length} {windows.length === 1 ? "window" : "windows"})
      </h2>
      {windows.length > 0 ? (
        <ol className="space-y-3">
          {windows.map((w, index) => (
            <li key={w.id} className="rounded-md border border-line p-3">
              <p className="font-semibold">
                {index + 1}. {w.room} ·{" "}
                {w.productType ? nameOf(w.productType) : "Product not chosen"}
              </p>
              <p>
                Order {formatSize(w.orderWidth, w.orderHeight)} · {w.mount} mount
                {w.depth !== null ? ` · depth ${formatInches(w.depth)}` : ""}
              </p>
              <p className="text-sm text-muted">
                Widths {w.widths.map(formatInches).join(", ")} · heights{" "}
                {w.heights.map(formatInches).join(", ")}
              </p>
              {w.note ? <p className="text-sm">{w.note}</p> : null}
              {w.flags.map((f) => (
                <p key={f} className="mt-1 font-semibold text-accent">
                  ⚠ {FLAG_WORDS[f] ?? f}
                </p>
              ))}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="measure-remove" />
                <input type="hidden" name="index" value={index} />
                <button type="submit" className="btn-secondary min-h-11" disabled={busy}>
                  Remove {w.room}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted">No window measured yet.</p>
      )}
      <ActionMessage result={mine} boxed />
      {windows.some((w) => w.productType) ? (
        // The draft is built by the quote builder's page and opens there (decision 573).
        <Form method="post" action="/admin/quotes/new">
          <input type="hidden" name="intent" value="from-measurements" />
          <input type="hidden" name="visitId" value={visitId} />
          <button type="submit" className="btn-primary min-h-12 w-full text-lg" disabled={busy}>
            Start a quote from these measurements
          </button>
        </Form>
      ) : null}
      <Form method="post" className="space-y-3 border-t border-line pt-4">
        <h3 className="text-lg font-semibold">Add a window</h3>
        <div>
          <label htmlFor="m-room" className="field-label">
            Room
          </label>
          <input id="m-room" name="room" className="field text-lg" placeholder="Kitchen" />
          {errors.room ? <p className="mt-1 text-sm text-danger">{errors.room}</p> : null}
        </div>
        <div>
          <label htmlFor="m-product" className="field-label">
            Product
          </label>
          <select id="m-product" name="productType" className="field text-lg" defaultValue="">
            <option value="">Not chosen yet</option>
            {products.map((p) => (
              <option key={p.type} value={p.type}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="field-label">Mount</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["inside", "outside"] as const).map((m) => (
              <label
                key={m}
                className="flex min-h-12 items-center gap-3 rounded-lg border border-line px-4 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
              >
                <input
                  type="radio"
                  name="mount"
                  value={m}
                  defaultChecked={m === "inside"}
                  className="size-5 accent-primary"
                />
                {m === "inside" ? "Inside" : "Outside"}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-3 gap-2">
          {WIDTH_PARTS.map((p) => (
            <SizeBox
              key={p}
              name={`width-${p}`}
              label={`Width ${p}`}
              error={errors[`width-${p}`]}
            />
          ))}
        </div>
        <div className="grid grid-cols-3 gap-2">
          {HEIGHT_PARTS.map((p) => (
            <SizeBox
              key={p}
              name={`height-${p}`}
              label={`Height ${p}`}
              error={errors[`height-${p}`]}
            />
          ))}
        </div>
        <SizeBox name="depth" label="Depth of the well (inside mount)" error={errors.depth} />
        <div>
          <label htmlFor="m-note" className="field-label">
            Note (obstacles, cranks, alarms)
          </label>
          <input id="m-note" name="note" className="field" maxLength={500} />
        </div>
        <input type="hidden" name="intent" value="measure-add" />
        <button type="submit" className="btn-primary min-h-12 w-full" disabled={busy}>
          Save this window
        </button>
      </Form>
    </section>
  );
}
