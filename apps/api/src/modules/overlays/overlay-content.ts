import type { OverlayEntity } from './overlay.entity';

/** What an overlay shows: the fields the API answers and the public page draws, listed once. */
export const OVERLAY_CONTENT = ['type', 'message', 'label', 'link', 'position', 'color', 'bg', 'email', 'phone'] as const;

export type OverlayContent = Pick<OverlayEntity, (typeof OVERLAY_CONTENT)[number]>;

export function overlayContent(overlay: OverlayContent): OverlayContent {
  return Object.fromEntries(OVERLAY_CONTENT.map((field) => [field, overlay[field]])) as OverlayContent;
}
