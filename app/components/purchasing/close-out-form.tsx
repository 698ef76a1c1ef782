/**
 * The installer's close-out on his phone: each item installed or with a problem
 * and a note, up to 10 photos, the customer's signature (signature_pad) and typed name, then
 * "Complete", which posts the multipart form to POST /api/admin/visits/:id/close-out with an
 * Idempotency-Key. Photos are shrunk in the browser first (offline-photos.ts). With no network
 * (or a send cut off) the same form waits in the phone's queue, after what was
 * queued before it, and the balance shown is less by the payments waiting there. Every
 * target is at least 44 px high for a thumb. The browser checks the form with the API's
 * closeOutSchema and shows each refusal at its field, the API's too.
 */
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type SignaturePad from "signature_pad";
import { CLOSE_OUT_PHOTOS_MAX, closeOutSchema } from "../../../domain/purchasing/purchasing";
import {
  closeOutFieldName,
  closeOutFromFields,
  closeOutNoteName,
  closeOutStatusName,
  PURCHASING_FORM_LABELS,
} from "../../../domain/purchasing/purchasing-form";
import {
  type FormErrors,
  type FormFailure,
  failureFromAnswer,
  fieldA11y,
  useSchemaForm,
} from "../../lib/forms";
import { queueCloseOut } from "../admin/offline-close-out";
import { shrinkPhotos } from "../admin/offline-photos";
import { QueueFullError } from "../admin/offline-queue";
import { useOfflineVisit } from "../admin/offline-visit";
import { FieldMessage } from "../field-message";

interface Item {
  id: number;
  label: string;
}

/**
 * The drawing as a PNG file. Read from the canvas itself: fetching signature_pad's data: URL is
 * refused by the page's Content-Security-Policy (connect-src 'self'), which stopped every
 * close-out in the browser while the same close-out through the API passed.
 */
function signaturePng(canvas: HTMLCanvasElement): Promise<File> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(new File([blob], "signature.png", { type: "image/png" }));
      else reject(new Error("The signature could not be read. Clear it and sign again."));
    }, "image/png");
  });
}

/** signature_pad on the canvas, loaded in the browser only. */
function useSignaturePad() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  useEffect(() => {
    let cancelled = false;
    let pad: SignaturePad | null = null;
    // The canvas is drawn at the device's pixel ratio (a sharp line), and sized again when the
    // phone turns: the strokes so far are redrawn at the new size (signature_pad's README).
    // A phone's address bar hiding also fires "resize": only a new canvas size redraws.
    function fitCanvas(first = false) {
      const canvas = canvasRef.current;
      if (!canvas || !pad) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth * ratio;
      const height = canvas.offsetHeight * ratio;
      if (!first && canvas.width === width && canvas.height === height) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    }
    const onResize = () => fitCanvas();
    void import("signature_pad").then(({ default: SignaturePadClass }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      pad = new SignaturePadClass(canvas, { backgroundColor: "rgb(255,255,255)" });
      padRef.current = pad;
      fitCanvas(true);
      window.addEventListener("resize", onResize);
    });
    return () => {
      cancelled = true;
      window.removeEventListener("resize", onResize);
      pad?.off();
      padRef.current = null;
    };
  }, []);
  return { canvasRef, padRef };
}

/** The multipart body of the close-out, from the form the browser's check passed. */
function closeOutBody(
  form: FormData,
  itemIds: number[],
  balanceDueCents: number,
  photos: readonly File[],
): FormData {
  const body = new FormData();
  body.append("items", JSON.stringify(closeOutFromFields(form, itemIds, true).items));
  body.append("signerName", String(form.get("signerName") ?? ""));
  const collected = Number(form.get("collectedAmount") ?? "");
  if (balanceDueCents > 0 && collected > 0) {
    body.append(
      "payment",
      JSON.stringify({
        amount: collected,
        method: String(form.get("collectedMethod") ?? "check"),
        reference: String(form.get("collectedReference") ?? "") || undefined,
      }),
    );
  }
  const reason = String(form.get("balanceReason") ?? "").trim();
  if (reason) body.append("balanceReason", reason);
  for (const p of photos) body.append("photos", p);
  return body;
}

/** The photos chosen (a file input with none chosen sends one empty file). */
function chosenPhotos(form: FormData): File[] {
  return form.getAll("photos").filter((p): p is File => typeof p !== "string" && p.size > 0);
}

/** Sends the close-out, or keeps it on the phone with no network ("queued"). */
async function sendOrQueue(
  visitId: number,
  body: FormData,
  offline: { visitId: number; revision: string } | null,
): Promise<Response | "queued"> {
  if (offline && !navigator.onLine) {
    await queueCloseOut(offline, body);
    return "queued";
  }
  const key = crypto.randomUUID();
  try {
    return await fetch(`/api/admin/visits/${visitId}/close-out`, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "Idempotency-Key": `"${key}"` },
    });
  } catch (error) {
    // Cut off on the way: kept under the same key, so a send that did arrive is not run twice.
    if (!offline || !(error instanceof TypeError)) throw error;
    await queueCloseOut(offline, body, key);
    return "queued";
  }
}

/** One item of the checklist: installed or a problem, and a note. */
function ChecklistItem({
  item,
  status,
  errors,
  onStatus,
}: {
  item: Item;
  status: "installed" | "problem" | undefined;
  errors: FormErrors;
  onStatus: (status: "installed" | "problem") => void;
}) {
  return (
    <div className="rounded-md border border-line p-3">
      <p className="font-medium" id={`${closeOutStatusName(item.id)}-label`}>
        {item.label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${closeOutStatusName(item.id)}-label`}
        className="mt-2 grid grid-cols-2 gap-2"
        {...fieldA11y(errors, closeOutStatusName(item.id))}
      >
        {(["installed", "problem"] as const).map((s) => (
          <label
            key={s}
            className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 ${status === s ? "border-primary bg-primary-light font-semibold" : "border-line"}`}
          >
            <input
              type="radio"
              name={closeOutStatusName(item.id)}
              value={s}
              checked={status === s}
              onChange={() => onStatus(s)}
              className="h-5 w-5"
            />
            {s === "installed" ? "Installed" : "Problem"}
          </label>
        ))}
      </div>
      <FieldMessage id={closeOutStatusName(item.id)} error={errors[closeOutStatusName(item.id)]} />
      <label htmlFor={closeOutNoteName(item.id)} className="field-label mt-2">
        Note{status === "problem" ? " (say what the problem is)" : " (optional)"}
      </label>
      <textarea
        id={closeOutNoteName(item.id)}
        name={closeOutNoteName(item.id)}
        maxLength={500}
        rows={2}
        required={status === "problem"}
        className="field"
        {...fieldA11y(errors, closeOutNoteName(item.id))}
      />
      <FieldMessage id={closeOutNoteName(item.id)} error={errors[closeOutNoteName(item.id)]} />
    </div>
  );
}

/** What is due: collected now (amount, method, reference) or left due with a reason. */
function BalanceDue({ balanceDueCents, errors }: { balanceDueCents: number; errors: FormErrors }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-line p-3">
      <legend className="font-semibold">Balance due: ${(balanceDueCents / 100).toFixed(2)}</legend>
      <p className="text-sm">Record what you collect now, or say why it stays due.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="collectedAmount" className="field-label">
            Collected ($)
          </label>
          <input
            id="collectedAmount"
            name="collectedAmount"
            inputMode="decimal"
            defaultValue={(balanceDueCents / 100).toFixed(2)}
            className="field"
            {...fieldA11y(errors, "payment.amount", "collectedAmount")}
          />
          <FieldMessage id="collectedAmount" error={errors["payment.amount"] ?? errors.payment} />
        </div>
        <div>
          <label htmlFor="collectedMethod" className="field-label">
            Method
          </label>
          <select
            id="collectedMethod"
            name="collectedMethod"
            className="field"
            defaultValue="check"
          >
            <option value="check">Check</option>
            <option value="card">Card</option>
            <option value="cash">Cash</option>
            <option value="other">Other</option>
          </select>
        </div>
        <div>
          <label htmlFor="collectedReference" className="field-label">
            Check number or reference
          </label>
          <input
            id="collectedReference"
            name="collectedReference"
            maxLength={100}
            className="field"
          />
        </div>
      </div>
      <div>
        <label htmlFor="balanceReason" className="field-label">
          Or, if money stays due: why (clear the amount above)
        </label>
        <textarea
          id="balanceReason"
          name="balanceReason"
          rows={2}
          maxLength={500}
          className="field"
          {...fieldA11y(errors, "balanceReason")}
        />
        <FieldMessage id="balanceReason" error={errors.balanceReason} />
      </div>
    </fieldset>
  );
}

export function CloseOutForm({
  visitId,
  items,
  balanceDueCents,
}: {
  visitId: number;
  items: Item[];
  /** What is due before the close-out: collected in the same step or left due with a reason. */
  balanceDueCents: number;
}) {
  const offline = useOfflineVisit();
  // Payments waiting on the phone are collected already: the close-out asks for the rest.
  const dueCents = Math.max(0, balanceDueCents - (offline?.waitingPaymentCents ?? 0));
  const { canvasRef, padRef } = useSignaturePad();
  // Nothing is ticked at first: he ticks what he did, so an item he skipped is refused, not
  // reported installed.
  const [statuses, setStatuses] = useState<Record<number, "installed" | "problem">>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const itemIds = items.map((i) => i.id);
  const signed = () => padRef.current?.isEmpty() === false;
  const { errors, formProps } = useSchemaForm({
    id: "close-out-form",
    schema: closeOutSchema,
    fromForm: (form) => closeOutFromFields(form, itemIds, signed()),
    rename: (path) => closeOutFieldName(path, itemIds),
    failure,
    labels: PURCHASING_FORM_LABELS,
    onValid: (form) => void complete(form),
  });

  /** Posts the form the browser's check passed; the API's refusal lands at its fields. */
  async function complete(form: FormData) {
    const canvas = canvasRef.current;
    if (busy || !canvas) return;
    setBusy(true);
    setFailure(null);
    const refuse = (answer: { code?: string; message?: string; fields?: unknown }) =>
      setFailure(
        failureFromAnswer(answer, PURCHASING_FORM_LABELS, (path) =>
          closeOutFieldName(path, itemIds),
        ),
      );
    try {
      const body = closeOutBody(form, itemIds, dueCents, await shrinkPhotos(chosenPhotos(form)));
      body.append("signature", await signaturePng(canvas));
      const res = await sendOrQueue(visitId, body, offline);
      if (res === "queued") return;
      if (res.ok) {
        revalidator.revalidate();
        return;
      }
      const answer: unknown = await res.json().catch(() => null);
      const error =
        typeof answer === "object" && answer !== null && "error" in answer ? answer.error : null;
      refuse(
        typeof error === "object" && error !== null
          ? error
          : { message: "The close-out failed. Try again." },
      );
    } catch (e) {
      if (e instanceof QueueFullError) refuse({ code: "validation_failed", message: e.message });
      else refuse({ message: e instanceof Error ? e.message : "The close-out failed. Try again." });
    } finally {
      setBusy(false);
    }
  }

  if (offline?.closeOutWaiting) {
    return (
      <section aria-labelledby="close-out-title" className="card space-y-2">
        <h2 id="close-out-title" className="text-xl font-bold">
          Close out
        </h2>
        <p>
          The close-out is kept on this phone, with its photos and the signature. It is sent when
          the network returns; the list above says how it went.
        </p>
      </section>
    );
  }
  return (
    <form aria-labelledby="close-out-title" className="card space-y-5" {...formProps}>
      <h2 id="close-out-title" className="text-xl font-bold">
        Close out
      </h2>
      <fieldset className="space-y-4">
        <legend className="font-semibold">Checklist</legend>
        {items.map((item) => (
          <ChecklistItem
            key={item.id}
            item={item}
            status={statuses[item.id]}
            errors={errors}
            onStatus={(status) => setStatuses((prev) => ({ ...prev, [item.id]: status }))}
          />
        ))}
      </fieldset>
      <div>
        <label htmlFor="close-out-photos" className="field-label">
          Photos (up to {CLOSE_OUT_PHOTOS_MAX})
        </label>
        <input
          id="close-out-photos"
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="field"
          {...fieldA11y(errors, "photos", "close-out-photos")}
        />
        <FieldMessage id="close-out-photos" error={errors.photos} />
      </div>
      <div>
        <p id="signature-label" className="field-label">
          Customer's signature
        </p>
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby="signature-label"
          data-testid="signature-pad"
          // Focused (by the form's check) when the customer has not signed: its message is read.
          tabIndex={-1}
          {...fieldA11y(errors, "signature")}
          className="h-40 w-full touch-none rounded-md border border-muted/60 bg-white"
        />
        <FieldMessage id="signature" error={errors.signature} />
        <button
          type="button"
          className="btn-secondary mt-2"
          onClick={() => padRef.current?.clear()}
        >
          Clear the signature
        </button>
      </div>
      {dueCents > 0 ? (
        // A payment queued meanwhile changes the amount offered: the fields start again.
        <BalanceDue key={dueCents} balanceDueCents={dueCents} errors={errors} />
      ) : null}
      <div>
        <label htmlFor="signerName" className="field-label">
          Customer's name, typed
        </label>
        <input
          id="signerName"
          name="signerName"
          required
          maxLength={120}
          autoComplete="off"
          className="field"
          {...fieldA11y(errors, "signerName")}
        />
        <FieldMessage id="signerName" error={errors.signerName} />
      </div>
      {failure && !failure.fieldsOnly ? (
        <p role="alert" className="font-medium text-danger">
          {failure.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Completing…" : "Complete"}
      </button>
    </form>
  );
}
