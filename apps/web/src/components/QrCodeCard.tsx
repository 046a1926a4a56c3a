import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../format';
import { useRecord } from '../resources/hooks';
import type { Resource } from '../resources/registry';
import { ErrorState, Loading } from './states';
import { ErrorAlert } from './FormCard';

/**
 * The QR code of a short link or a bio page, as the service draws it, with its downloads (a PNG of
 * 1000 pixels, an SVG). `draw` asks the service for the image; `of` is what it is the code of
 * (its cache: a change of the address draws it again).
 */
export function QrCodeCard({
  of,
  address,
  name,
  note,
  draw,
}: {
  of: { resource: Resource; id: number };
  address: string;
  /** The downloaded files' name, before `-qr.png`. */
  name: string;
  note: string;
  draw: (format: { format: 'png'; size: number } | { format: 'svg' }) => Promise<Blob>;
}) {
  const image = useRecord(
    of.resource,
    `qr:${of.id}:${address}`,
    async () => URL.createObjectURL(await draw({ format: 'png', size: 300 })),
    {
      staleTime: Infinity,
    },
  );
  useEffect(() => () => void (image.data && URL.revokeObjectURL(image.data)), [image.data]);
  const download = useMutation({
    mutationFn: async (format: 'png' | 'svg') =>
      saveFile(await draw(format === 'png' ? { format, size: 1000 } : { format }), `${name}-qr.${format}`),
  });
  return (
    <section aria-labelledby="qr-title" className="card">
      <h2 id="qr-title">QR code</h2>
      {image.isPending ? (
        <Loading label="Drawing the QR code" />
      ) : !image.data ? (
        <ErrorState error={image.error} retry={() => void image.refetch()} />
      ) : (
        <img src={image.data} width={200} height={200} alt={`QR code of ${address}`} />
      )}
      <p className="muted small">{note}</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => download.mutate('png')} disabled={download.isPending}>
          Download PNG
        </button>
        <button type="button" className="secondary" onClick={() => download.mutate('svg')} disabled={download.isPending}>
          Download SVG
        </button>
      </div>
      <ErrorAlert error={download.error} />
    </section>
  );
}
