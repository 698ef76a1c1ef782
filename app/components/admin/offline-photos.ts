/**
 * Photos the phone keeps until they are sent: each shrunk in the browser to
 * PHOTO_LONG_SIDE_MAX on its long side (a JPEG), so ten of them fit the queue's budget and a
 * weak signal carries them. A photo already that small is sent as taken; one the browser cannot
 * decode is sent as taken too, and the server's own checks say what is wrong with it.
 */

export const PHOTO_LONG_SIDE_MAX = 2048;
const JPEG_QUALITY = 0.85;

function canvasJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

/** The photo at most PHOTO_LONG_SIDE_MAX px on its long side. */
export async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    // Turned as the camera's orientation says (createImageBitmap's default, "from-image").
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = PHOTO_LONG_SIDE_MAX / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await canvasJpeg(canvas);
  if (!blob) return file;
  return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, {
    type: "image/jpeg",
  });
}

/** Every photo of a form field shrunk, in the order chosen (one at a time: a phone's memory). */
export async function shrinkPhotos(files: readonly File[]): Promise<File[]> {
  const shrunk: File[] = [];
  for (const file of files) shrunk.push(await shrinkPhoto(file));
  return shrunk;
}
