import type { Upload } from './bio-draft';

/** The longest side a picture is sent with: enough for what the service makes of it (a 400 px avatar, 1200 px images). */
export const LONGEST_SIDE = { avatar: 800, image: 1600, preview: 1600 } as const;

/** A picture chosen in the browser, made no larger than the service needs (WebP), as base64 to send. */
export async function readPicture(file: File, longest: number): Promise<Upload> {
  let blob: Blob = file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('The picture could not be made smaller.'))), 'image/webp', 0.9),
    );
  } catch {
    // Not a picture this browser reads: it is sent as it is, and the service says what is wrong with it.
  }
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
  return { data: dataUrl.slice(dataUrl.indexOf(',') + 1), url: URL.createObjectURL(blob), name: file.name, bytes: blob.size };
}
