// Country names come from the ICU data built into Node: no list of our own to keep.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
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

/** A country name (`Canada`, `United States`) or ISO 3166 alpha-2 code, as its code; null if unknown. */
export function countryCode(location: string): string | null {
  const trimmed = location.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return countryByName.get(trimmed.toLowerCase()) ?? null;
}

export function countryName(code: string): string | undefined {
  return countries.get(code);
}
