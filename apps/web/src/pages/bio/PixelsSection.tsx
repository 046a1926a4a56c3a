import { Link } from '@tanstack/react-router';
import { fieldError } from '../../components/Field';
import { Loading } from '../../components/states';
import { usePixelChoices } from '../../resources/pixels';
import { Section } from '../../components/Section';

/** The account's pixels, each loaded on the page when ticked. */
export function PixelsSection({ chosen, problem, onChange }: { chosen: number[]; problem: unknown; onChange: (pixels: number[]) => void }) {
  const pixels = usePixelChoices();
  const message = fieldError(problem, ['pixels']);
  return (
    <Section title="Pixels">
      <fieldset className="checks" aria-describedby={message ? 'pixels-error' : undefined}>
        <legend className="visually-hidden">Pixels loaded on the page</legend>
        {pixels.isPending ? (
          <Loading label="Loading your pixels" />
        ) : pixels.data?.length ? (
          pixels.data.map((pixel) => (
            <label key={pixel.id} className="inline">
              <input
                type="checkbox"
                checked={chosen.includes(pixel.id)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, pixel.id] : chosen.filter((other) => other !== pixel.id))}
              />{' '}
              <bdi>{pixel.name}</bdi> ({pixel.type})
            </label>
          ))
        ) : (
          <p className="muted">
            The account has no pixels. <Link to="/pixels">Add one</Link>
          </p>
        )}
      </fieldset>
      {message && (
        <p id="pixels-error" className="error field-error" role="alert">
          <bdi>{message}</bdi>
        </p>
      )}
      <p className="help">Pixels load on the public page only, not in the preview.</p>
    </Section>
  );
}
