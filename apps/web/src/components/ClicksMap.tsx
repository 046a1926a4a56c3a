import { geoEqualEarth, geoPath } from 'd3-geo';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import world from 'world-atlas/countries-110m.json';
import { formatNumber } from '../format';
import { MAP_HEIGHT as HEIGHT, MAP_WIDTH as WIDTH, MapFigure } from './MapFigure';

type Topology = Parameters<typeof feature>[0];
type TopologyObject = Parameters<typeof feature>[1];
type Outline = Parameters<ReturnType<typeof geoPath>>[0];
/** A country of world-atlas: its ISO 3166 numeric code as its id, and its English name. */
type Shape = Outline & { id?: string | number; properties: { name: string } };

/**
 * The countries' outlines (Natural Earth at 1:110m, from world-atlas), projected once when the
 * module loads: an SVG path and an ISO 3166 alpha-2 code each. Drawn in the browser, nothing
 * fetched from elsewhere.
 */
export const SHAPES = (() => {
  const topology = world as unknown as Topology & { objects: { countries: TopologyObject } };
  const collection = feature(topology, topology.objects.countries) as unknown as { features: Shape[] };
  const path = geoPath(geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'Sphere' }));
  return collection.features.flatMap((shape) => {
    const outline = path(shape);
    if (!outline) return [];
    return [{ code: countries.numericToAlpha2(String(shape.id)) ?? '', name: shape.properties.name, outline }];
  });
})();

/**
 * Clicks by country on a world map, each country shaded by its share of the most clicked one's.
 * The map is a picture for the eye (role img, summed up in its label); the countries' list beside
 * it holds the same numbers for screen readers and the keyboard. A click on a country with clicks
 * chooses it, as its button in the list does.
 */
export default function ClicksMap({
  values,
  describe,
  choose,
  chosen,
  noun,
}: {
  values: { value: string; clicks: number }[];
  describe: (code: string) => string;
  choose?: (code: string) => void;
  chosen?: string;
  noun: string;
}) {
  const clicks = new Map(values.map((entry) => [entry.value, entry.clicks]));
  const most = Math.max(1, ...values.map((entry) => entry.clicks));
  const label =
    values.length === 0
      ? `World map: no ${noun}s from a known country in this range.`
      : `World map of the ${noun}s by country: ${values
          .slice(0, 10)
          .map((entry) => `${describe(entry.value)} ${formatNumber(entry.clicks)}`)
          .join(', ')}${values.length > 10 ? `, and ${values.length - 10} more countries` : ''}.`;
  return (
    <MapFigure noun={noun}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {SHAPES.map((shape, index) => {
          const count = clicks.get(shape.code);
          const counted = count !== undefined && count > 0;
          return (
            <path
              key={`${shape.code}-${index}`}
              d={shape.outline}
              className={`${counted ? 'counted' : 'uncounted'}${chosen === shape.code ? ' chosen' : ''}`}
              style={counted ? { fillOpacity: 0.2 + 0.8 * (count / most) } : undefined}
              data-country={shape.code || undefined}
              onClick={counted && choose ? () => choose(shape.code) : undefined}
            >
              <title>{counted ? `${describe(shape.code)}: ${formatNumber(count)} ${noun}s` : shape.name}</title>
            </path>
          );
        })}
      </svg>
    </MapFigure>
  );
}
