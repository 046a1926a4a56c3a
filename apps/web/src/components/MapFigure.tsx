import type { ReactNode } from 'react';

/** The map's drawing size: its SVG's view box, and the room its frame holds while the map's code loads. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 470;

/**
 * The world map's frame and caption. Without a picture (its code still loading) it holds the
 * picture's room, so the lists below it do not jump when the map arrives under a reader's pointer.
 */
export function MapFigure({ noun, children }: { noun: string; children?: ReactNode }) {
  return (
    <figure className="clicks-map">
      {children ?? <div style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }} />}
      <figcaption className="muted small">
        Every country with {noun}s, darker for more; the list beside it has the ten with the most.
      </figcaption>
    </figure>
  );
}
