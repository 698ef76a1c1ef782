/**
 * multipart/form-data read as a stream with busboy, within limits counted as the
 * bytes arrive: at most MULTIPART_PARTS_MAX parts, files of MULTIPART_FILE_BYTES_MAX, text
 * fields of MULTIPART_FIELD_BYTES_MAX (413 past any of them, naming it). The whole body's size is
 * the app's body limit (server/app.ts). `Request.formData()` parsed the whole body first: 41 MB
 * of 809,184 one-byte fields held the event loop 1.37 s before any limit was counted.
 */
import busboy from "busboy";
import { AppError } from "../errors";
import {
  MULTIPART_FIELD_BYTES_MAX,
  MULTIPART_FILE_BYTES_MAX,
  MULTIPART_PARTS_MAX,
} from "../uploads/upload-limits";

const MB = 1024 * 1024;
const SLICE_BYTES = 64 * 1024;

function tooLarge(field: string, message: string): AppError {
  return new AppError("payload_too_large", field ? `${field}: ${message}` : message, {
    fields: field ? { [field]: message } : undefined,
  });
}

function unreadable(): AppError {
  return new AppError("bad_request", "The form could not be read. Please reload and try again.");
}

/** The multipart form of `request` as FormData (files as File), or an AppError (413, 400). */
export async function readMultipartForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        // busboy tells when a body reaches its limit; one more is the first part too many.
        parts: MULTIPART_PARTS_MAX + 1,
        fileSize: MULTIPART_FILE_BYTES_MAX,
        fieldSize: MULTIPART_FIELD_BYTES_MAX,
      },
    });
  } catch {
    // No boundary, or not multipart at all.
    throw unreadable();
  }
  const form = new FormData();
  const reader = request.body?.getReader();
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };

  const parsed = new Promise<void>((resolve) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) {
        fail(tooLarge(name, `is longer than ${MULTIPART_FIELD_BYTES_MAX / 1024} KB`));
      } else if (!failure) form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on("limit", () => {
        const file = info.filename || "the file";
        fail(tooLarge(name, `${file} is larger than ${MULTIPART_FILE_BYTES_MAX / MB} MB`));
      });
      stream.on("end", () => {
        if (!failure) {
          const bytes = Buffer.concat(chunks);
          form.append(name, new File([bytes], info.filename ?? "", { type: info.mimeType }));
        }
      });
    });
    parser.on("partsLimit", () => {
      fail(
        tooLarge(
          "",
          `The form has more than ${MULTIPART_PARTS_MAX} parts. Send at most ${MULTIPART_PARTS_MAX} fields and files together.`,
        ),
      );
    });
    parser.on("error", (error) => {
      fail(error instanceof AppError ? error : unreadable());
      resolve();
    });
    parser.on("close", () => resolve());
  });

  try {
    while (reader && !failure) {
      const { done, value } = await reader.read();
      if (done) break;
      // Backpressure: a file's chunks are taken as fast as they are written, but never queued
      // beyond what busboy holds.
      // In slices of a socket read's size: busboy scans a chunk to its end even past a limit,
      // and a body handed over whole (20 MB) would be scanned in one go.
      for (let at = 0; at < value.length && !failure; at += SLICE_BYTES) {
        if (!parser.write(value.subarray(at, at + SLICE_BYTES))) {
          await new Promise<void>((resolve) => {
            parser.once("drain", resolve);
            void parsed.then(resolve);
          });
        }
      }
    }
  } catch (error) {
    // The body stopped coming (the client went away, or the body limit refused it).
    fail(error);
  }
  if (!failure) {
    parser.end();
    await parsed;
  }
  if (failure) {
    await reader?.cancel().catch(() => {});
    parser.destroy();
    if (failure instanceof AppError) throw failure;
    // A refusal of the app's body limit is Hono's to answer (413); anything else is unreadable.
    if (failure instanceof Error && failure.name === "BodyLimitError") throw failure;
    throw unreadable();
  }
  return form;
}
