import { hash } from 'node:crypto';
import geoip from 'geoip-country';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

/** What a click tells about its visitor; no raw address is kept. */
export interface Visit {
  /** ISO 3166 alpha-2, or null when unknown. */
  country: string | null;
  /** Host of the referring page, without `www.`; null for direct visits. */
  referrer: string | null;
  browser: string | null;
  os: string | null;
  /** desktop, mobile, tablet, ... */
  device: string;
  social: 'facebook' | 'twitter' | 'instagram' | null;
  bot: boolean;
  /** A keyed hash of address and user agent (see visitorKey): counts unique visitors. */
  visitor: string;
  /** The device names links target: iPhone, iPad, Android, Windows, macOS, Linux. */
  targetDevice: string | null;
  /** Primary language subtags from Accept-Language, most preferred first. */
  languages: string[];
}

const SOCIAL_HOSTS: [RegExp, Visit['social']][] = [
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, 'facebook'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'twitter'],
  [/(^|\.)instagram\.com$/, 'instagram'],
];
const SOCIAL_APPS: [RegExp, Visit['social']][] = [
  [/FBAN|FBAV|FB_IAB/, 'facebook'],
  [/Instagram/, 'instagram'],
  [/Twitter/, 'twitter'],
];

export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .slice(0, 253) || null
    );
  } catch {
    return null;
  }
}

export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  // Real headers name a few languages; the rest of an oversized one is not read.
  return header
    .slice(0, 1024)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: quality ? Number(quality) : 1 };
    })
    .filter((entry) => /^[a-z]{2}$/.test(entry.language) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.language);
}

function targetDevice(result: UAParser.IResult): string | null {
  const model = result.device.model ?? '';
  if (model === 'iPhone' || model === 'iPad') return model;
  const os = result.os.name ?? '';
  if (os === 'iOS') return result.device.type === 'tablet' ? 'iPad' : 'iPhone';
  if (os === 'Android') return 'Android';
  if (os === 'Windows') return 'Windows';
  if (os === 'Mac OS' || os === 'macOS') return 'macOS';
  if (/Linux|Ubuntu|Debian|Fedora/.test(os)) return 'Linux';
  return null;
}

type Agent = Pick<Visit, 'browser' | 'os' | 'device' | 'bot' | 'targetDevice'> & { app: Visit['social'] };

/**
 * Reading a user agent costs far more than the rest of a redirect, and the same few thousand
 * agents make most traffic: each is read once and remembered, the least recently seen forgotten
 * first. Only the first 512 characters are read and remembered (real agents are shorter), so a
 * flood of huge invented agents costs neither time nor memory.
 */
const agents = new LRUCache<string, Agent>({ max: 10_000 });

/** How many agents are remembered (for tests and health). */
export function rememberedAgents(): number {
  return agents.size;
}
export const MAX_USER_AGENT = 512;

function readAgent(userAgent: string): Agent {
  let agent = agents.get(userAgent);
  if (agent) return agent;
  const result = new UAParser(userAgent).getResult();
  agent = {
    browser: result.browser.name?.slice(0, 50) ?? null,
    os: result.os.name?.slice(0, 50) ?? null,
    device: result.device.type ?? 'desktop',
    bot: userAgent === '' || isbot(userAgent),
    targetDevice: targetDevice(result),
    app: SOCIAL_APPS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
  };
  agents.set(userAgent, agent);
  return agent;
}

export function analyseVisit(input: { ip: string; userAgent: string; referer?: string; acceptLanguage?: string }, salt: string): Visit {
  const userAgent = input.userAgent.length > MAX_USER_AGENT ? input.userAgent.slice(0, MAX_USER_AGENT) : input.userAgent;
  const agent = readAgent(userAgent);
  const referrer = referrerHost(input.referer);
  // Fields copied one by one: an object rest or spread here cost more than the rest of the visit.
  return {
    browser: agent.browser,
    os: agent.os,
    device: agent.device,
    bot: agent.bot,
    targetDevice: agent.targetDevice,
    country: geoip.lookup(input.ip)?.country ?? null,
    referrer,
    social: (referrer ? SOCIAL_HOSTS.find(([pattern]) => pattern.test(referrer))?.[1] : undefined) ?? agent.app,
    visitor: visitorKey(salt, input.ip, userAgent),
    languages: acceptedLanguages(input.acceptLanguage),
  };
}

/**
 * The key that counts unique visitors: a SHA-256 of the service's secret salt, the address and
 * the user agent, cut to 128 bits. The address cannot be read back without the salt. (A one-shot
 * hash of the salted text costs a fifth of an HMAC's set-up, on every click.)
 */
export function visitorKey(salt: string, ip: string, userAgent: string): string {
  return hash('sha256', `${salt}\n${ip}\n${userAgent}`).slice(0, 32);
}

/** The campaign a visit came from: UTM parameters, each from the short URL's query, else the destination's. */
export interface VisitUtm {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

const UTM_PARAMETERS = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
] as const;
/**
 * What is kept of a UTM value: 100 characters, without control characters, bidirectional overrides
 * (which would reorder what a table or a terminal shows) or surrounding blanks.
 */
export const MAX_UTM_VALUE = 100;
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

function queryOf(url: string): URLSearchParams | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('utm_', start)) return null;
  const end = url.indexOf('#', start);
  try {
    return new URLSearchParams(url.slice(start + 1, end < 0 ? undefined : end));
  } catch {
    return null;
  }
}

export function visitUtm(requestUrl: string, destination: string): VisitUtm {
  const utm: VisitUtm = { utmSource: null, utmMedium: null, utmCampaign: null };
  const asked = queryOf(requestUrl);
  const target = queryOf(destination);
  if (!asked && !target) return utm;
  for (const [field, name] of UTM_PARAMETERS) {
    const value = (asked?.get(name) || target?.get(name) || '').replace(CONTROL, '').trim().slice(0, MAX_UTM_VALUE);
    utm[field] = value || null;
  }
  return utm;
}
