import type { Schemas } from '../../api';
import { apiToLocal, localToApi } from '../../format';
import { tagsOf } from '../../components/Tags';

type LinkUpdate = Schemas['LinkUpdate'];
type Details = Schemas['LinkDetails'];
/** A row of a list of text fields (a target, a parameter), by field name. */
export type Row = Record<string, string>;

/** The link form's draft: what the person typed, as text. */
export interface LinkDraft {
  url: string;
  custom: string;
  domain: string;
  title: string;
  description: string;
  metadescription: string;
  metaimage: string;
  status: 'public' | 'private';
  archived: boolean;
  type: string;
  password: string;
  removePassword: boolean;
  expiry: string;
  /** When the link starts redirecting, a `datetime-local` value; '' from its creation. */
  startdate: string;
  /** People's clicks after which it stops, as typed; '' for none. */
  clickLimit: string;
  campaign: string;
  channel: string;
  pixels: number[];
  tags: string[];
  /** A tag typed and not yet added: saved with the others. */
  pendingTag: string;
  geotarget: Row[];
  devicetarget: Row[];
  languagetarget: Row[];
  parameters: Row[];
  /** The A/B split: the weight of the link's URL (variant A), and the other variants ({url, weight}). */
  variantWeight: string;
  variants: Row[];
  deepAuto: boolean;
  deepApple: string;
  deepGoogle: string;
}

/** The draft of a new link, or of a link as it is. */
export function draftOf(details?: Details): LinkDraft {
  return {
    url: details?.longurl ?? '',
    custom: details?.alias ?? '',
    domain: details?.domain ?? '',
    title: details?.title ?? '',
    description: details?.description ?? '',
    metadescription: details?.metadescription ?? '',
    metaimage: details?.metaimage ?? '',
    status: details?.status ?? 'private',
    archived: details?.archived ?? false,
    type: details?.type ?? 'direct',
    password: '',
    removePassword: false,
    expiry: apiToLocal(details?.expiry ?? null),
    startdate: apiToLocal(details?.startdate ?? null),
    clickLimit: details?.clicklimit ? String(details.clicklimit) : '',
    campaign: details?.campaign ? String(details.campaign) : '',
    channel: '',
    pixels: details?.pixels ?? [],
    tags: details?.tags ?? [],
    pendingTag: '',
    geotarget: (details?.geotarget ?? []).map((row) => ({ ...row })),
    devicetarget: (details?.devicetarget ?? []).map((row) => ({ ...row })),
    languagetarget: (details?.languagetarget ?? []).map((row) => ({ ...row })),
    parameters: (details?.parameters ?? []).map((row) => ({ ...row })),
    variantWeight: details?.variants[0] ? String(details.variants[0].weight) : '',
    variants: (details?.variants ?? []).slice(1).map((variant) => ({ url: variant.url, weight: String(variant.weight) })),
    deepAuto: details?.deeplink?.auto ?? false,
    deepApple: details?.deeplink?.apple ?? '',
    deepGoogle: details?.deeplink?.google ?? '',
  };
}

/** The limit as typed: a number, 0 (none) when empty, or what was typed, for the service to name what is wrong with it. */
function clickLimitOf(text: string): number {
  const typed = text.trim();
  if (typed === '') return 0;
  return /^[0-9]{1,10}$/.test(typed) ? Number(typed) : (typed as unknown as number);
}

/** A weight as typed: a number, or what was typed, for the service to name what is wrong with it. */
function weightOf(text: string | undefined): number {
  const typed = (text ?? '').trim();
  return /^[0-9]{1,3}$/.test(typed) ? Number(typed) : (typed as unknown as number);
}

/** The split as the API takes it: the link's URL first (variant A), then the others with a URL; none when there are none. */
function variantsOf(draft: LinkDraft): { url: string; weight: number }[] {
  const others = draft.variants.filter((row) => (row.url ?? '').trim() !== '');
  if (others.length === 0) return [];
  return [
    { url: draft.url.trim(), weight: weightOf(draft.variantWeight) },
    ...others.map((row) => ({ url: row.url!.trim(), weight: weightOf(row.weight) })),
  ];
}

/** The weights of a split as typed, added up (what the form shows beside them). */
export function variantSum(draft: Pick<LinkDraft, 'variantWeight' | 'variants'>): number {
  return [draft.variantWeight, ...draft.variants.map((row) => row.weight)].reduce((sum, text) => {
    const typed = (text ?? '').trim();
    return /^[0-9]{1,3}$/.test(typed) ? sum + Number(typed) : sum;
  }, 0);
}

/** The rows with their first field filled, trimmed: `[{location, link}]` and the like. */
function rows<K extends string, V extends string>(list: Row[], key: K, value: V): Record<K | V, string>[] {
  return list
    .filter((row) => (row[key] ?? '').trim() !== '')
    .map((row) => ({ [key]: row[key]!.trim(), [value]: (row[value] ?? '').trim() }) as Record<K | V, string>);
}

/** The body to send: on a creation only what was filled in; on an update every field, so a cleared one is cleared. */
export function bodyOf(draft: LinkDraft, editing: Details | undefined): LinkUpdate & { url: string } {
  const body: LinkUpdate & { url: string } = {
    url: draft.url.trim(),
    domain: draft.domain,
    metatitle: draft.title,
    description: draft.description,
    metadescription: draft.metadescription,
    metaimage: draft.metaimage.trim(),
    status: draft.status,
    archived: draft.archived,
    type: draft.type,
    expiry: localToApi(draft.expiry),
    startdate: localToApi(draft.startdate),
    clicklimit: clickLimitOf(draft.clickLimit),
    pixels: draft.pixels,
    tags: [...new Set([...draft.tags, ...tagsOf(draft.pendingTag)])],
    geotarget: rows(draft.geotarget, 'location', 'link'),
    devicetarget: rows(draft.devicetarget, 'device', 'link'),
    languagetarget: rows(draft.languagetarget, 'language', 'link'),
    parameters: rows(draft.parameters, 'name', 'value'),
    variants: variantsOf(draft),
    deeplink: { auto: draft.deepAuto, apple: draft.deepApple.trim(), google: draft.deepGoogle.trim() },
  };
  if (draft.custom.trim() && draft.custom.trim() !== editing?.alias) body.custom = draft.custom.trim();
  if (draft.password) body.password = draft.password;
  else if (editing && draft.removePassword) body.password = '';
  if (draft.campaign) body.campaign = Number(draft.campaign);
  else if (editing?.campaign) body.campaign = 0;
  if (draft.channel) body.channel = Number(draft.channel);
  if (!editing) {
    // A creation leaves out what is empty: the service's defaults stand.
    for (const key of ['domain', 'metatitle', 'description', 'metadescription', 'metaimage', 'expiry', 'startdate', 'clicklimit'] as const)
      if (!body[key]) delete body[key];
    if (!draft.deepAuto && !body.deeplink?.apple && !body.deeplink?.google) delete body.deeplink;
    if (body.tags?.length === 0) delete body.tags;
    if (body.variants?.length === 0) delete body.variants;
    if (!body.archived) delete body.archived;
  }
  return body;
}
