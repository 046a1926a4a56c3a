import { badRequest } from '../../common/api-error';
import { countryCode } from '../../common/countries';
import type { DeviceTarget, GeoTarget, LanguageTarget, LinkVariant } from './link.entity';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The devices a link can target, as they are written back. */
export const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'macOS', 'Linux'] as const;

/** The most destinations an A/B split has (their letters A to J). */
export const MAX_VARIANTS = 10;
const VARIANT_LETTERS = 'ABCDEFGHIJ';

/** The letter of a split's variant by its place: A the first. */
export function variantLetter(index: number): string {
  return VARIANT_LETTERS[index]!;
}

/**
 * An A/B split as stored: none (`[]`), or 2 to 10 destinations whose weights sum to 100. The first
 * is the link's URL: `url`, when the same body gives one, must be it.
 */
export function normalizeVariants(variants: LinkVariant[], url: string | undefined): LinkVariant[] {
  if (variants.length === 0) return [];
  if (variants.length < 2) throw badRequest('Invalid field "variants": an A/B split has 2 to 10 variants, or [] for none.', 'variants');
  const sum = variants.reduce((total, variant) => total + variant.weight, 0);
  if (sum !== 100) throw badRequest(`Invalid field "variants": the weights must sum to 100 (they sum to ${sum}).`, 'variants');
  if (url !== undefined && variants[0]!.url !== url) {
    throw badRequest(
      'Invalid field "variants.0.url": the first variant is the link\'s destination, so it must be the same as "url".',
      'variants',
    );
  }
  return variants.map(({ url: destination, weight }) => ({ url: destination, weight }));
}

export function normalizeGeoTargets(targets: { location: string; link: string }[]): GeoTarget[] {
  return targets.map((target, index) => {
    const country = countryCode(target.location);
    if (!country) {
      throw badRequest(
        `Invalid field "geotarget.${index}.location": "${target.location}" is not a country name or ISO 3166 two-letter code.`,
      );
    }
    return { location: target.location, country, link: target.link };
  });
}

export function normalizeDeviceTargets(targets: { device: string; link: string }[]): DeviceTarget[] {
  return targets.map((target, index) => {
    const device = DEVICES.find((known) => known.toLowerCase() === target.device.toLowerCase());
    if (!device) {
      throw badRequest(`Invalid field "devicetarget.${index}.device": must be one of ${DEVICES.join(', ')}.`);
    }
    return { device, link: target.link };
  });
}

export function normalizeLanguageTargets(targets: { language: string; link: string }[]): LanguageTarget[] {
  return targets.map((target, index) => {
    const language = target.language.toLowerCase();
    if (!/^[a-z]{2}$/.test(language) || languageNames.of(language) === language) {
      throw badRequest(`Invalid field "languagetarget.${index}.language": "${target.language}" is not an ISO 639-1 code such as en or fr.`);
    }
    return { language, link: target.link };
  });
}
