import { badRequest } from '../../common/api-error';
import type { DeviceTarget, GeoTarget, LanguageTarget } from './link.entity';

// Country and language names come from the ICU data built into Node: no list of our own to keep.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
// Groupings, pseudo-regions and exceptionally reserved codes (UK stands for GB) are not countries.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'UK', 'EA', 'IC', 'DG', 'CP', 'TA', 'AC']);

/** ISO 3166 alpha-2 code -> English name, and lower-case name -> code. */
const countries = new Map<string, string>();
const countryByName = new Map<string, string>();
for (let first = 65; first <= 90; first += 1) {
  for (let second = 65; second <= 90; second += 1) {
    const code = String.fromCharCode(first, second);
    const name = regionNames.of(code);
    if (!name || name === code || NOT_COUNTRIES.has(code)) continue;
    countries.set(code, name);
    countryByName.set(name.toLowerCase(), code);
  }
}

/** The devices a link can target, as they are written back. */
export const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'macOS', 'Linux'] as const;

/** A country name (`Canada`, `United States`) or ISO 3166 alpha-2 code, as its code; null if unknown. */
export function countryCode(location: string): string | null {
  const trimmed = location.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return countryByName.get(trimmed.toLowerCase()) ?? null;
}

export function countryName(code: string): string | undefined {
  return countries.get(code);
}

export function normaliseGeoTargets(targets: { location: string; link: string }[]): GeoTarget[] {
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

export function normaliseDeviceTargets(targets: { device: string; link: string }[]): DeviceTarget[] {
  return targets.map((target, index) => {
    const device = DEVICES.find((known) => known.toLowerCase() === target.device.toLowerCase());
    if (!device) {
      throw badRequest(`Invalid field "devicetarget.${index}.device": must be one of ${DEVICES.join(', ')}.`);
    }
    return { device, link: target.link };
  });
}

export function normaliseLanguageTargets(targets: { language: string; link: string }[]): LanguageTarget[] {
  return targets.map((target, index) => {
    const language = target.language.toLowerCase();
    if (!/^[a-z]{2}$/.test(language) || languageNames.of(language) === language) {
      throw badRequest(`Invalid field "languagetarget.${index}.language": "${target.language}" is not an ISO 639-1 code such as en or fr.`);
    }
    return { language, link: target.link };
  });
}
