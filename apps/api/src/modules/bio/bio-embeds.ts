import type { components } from '@linkyard/spec';

export type EmbedProvider = components['schemas']['BioEmbedProvider'];

/**
 * What an embed block keeps of the address it was given: the provider, and the reference of the
 * video, track or list there, read and checked piece by piece. The player's address is built
 * from these alone (embedUrl), never from the text that was sent.
 */
export interface Embed {
  provider: EmbedProvider;
  /**
   * youtube: `v/<id>` (and `?start=<seconds>`) or `list/<id>`; vimeo: `<id>` or `<id>/<hash>`;
   * spotify: `<kind>/<id>`; soundcloud: `<artist>/<track>` or `<artist>/sets/<set>`.
   */
  ref: string;
}

/** The origins the players are framed from: the page's Content-Security-Policy allows these only. */
export const EMBED_ORIGINS: Record<EmbedProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  spotify: 'https://open.spotify.com',
  soundcloud: 'https://w.soundcloud.com',
};

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_VIDEO = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const VIMEO_ID = /^[1-9][0-9]{0,11}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SOUNDCLOUD_HOSTS = new Set(['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com']);
const SOUNDCLOUD_NAME = /^[A-Za-z0-9_-]{1,100}$/;
/** Paths of soundcloud.com that are the site's own pages, not an artist's. */
const SOUNDCLOUD_PAGES = new Set([
  'discover',
  'search',
  'stream',
  'you',
  'upload',
  'charts',
  'pages',
  'settings',
  'messages',
  'notifications',
]);

/** `90`, `1m30s`, `1h2m3s`: seconds from the start of a video, or null. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?(?:(\d{1,5})s?)?$/.exec(value);
  if (!match || match[0] === '') return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 && seconds < 86_400 ? seconds : null;
}

function youtube(url: URL, segments: string[]): string | null {
  let id: string | undefined;
  if (url.hostname === 'youtu.be') id = segments.length === 1 ? segments[0] : undefined;
  else if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
  else if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!)) id = segments[1];
  else if (segments.length === 1 && segments[0] === 'playlist') {
    const list = url.searchParams.get('list');
    return list && YOUTUBE_LIST.test(list) ? `list/${list}` : null;
  }
  if (!id || !YOUTUBE_VIDEO.test(id)) return null;
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return start === null ? `v/${id}` : `v/${id}?start=${start}`;
}

function vimeo(url: URL, segments: string[]): string | null {
  let id: string | undefined;
  let hash: string | null = null;
  if (url.hostname === 'player.vimeo.com') {
    if (segments.length !== 2 || segments[0] !== 'video') return null;
    id = segments[1];
    hash = url.searchParams.get('h');
  } else if (segments.length === 1 || segments.length === 2) {
    [id, hash = null] = segments as [string, string?];
  } else if (segments.length === 3 && segments[0] === 'channels') {
    id = segments[2];
  } else if (segments.length === 4 && segments[0] === 'groups' && segments[2] === 'videos') {
    id = segments[3];
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash !== null && !VIMEO_HASH.test(hash)) return null;
  return hash === null ? id : `${id}/${hash}`;
}

function spotify(segments: string[]): string | null {
  const rest = segments[0] === 'embed' ? segments.slice(1) : segments;
  const path = /^intl-[a-z]{2}(-[a-z]{2})?$/i.test(rest[0] ?? '') ? rest.slice(1) : rest;
  if (path.length !== 2 || !SPOTIFY_KINDS.has(path[0]!) || !SPOTIFY_ID.test(path[1]!)) return null;
  return `${path[0]}/${path[1]}`;
}

function soundcloud(segments: string[]): string | null {
  if (segments.length < 2 || SOUNDCLOUD_PAGES.has(segments[0]!.toLowerCase())) return null;
  if (!segments.every((segment) => SOUNDCLOUD_NAME.test(segment))) return null;
  if (segments.length === 2 && segments[1] !== 'sets') return segments.join('/');
  if (segments.length === 3 && segments[1] === 'sets') return segments.join('/');
  return null;
}

/**
 * Reads the address of a video, track or list of an allowed provider, or answers null: any other
 * host, path or id shape is not embedded. Given in normal form (see common/urls).
 */
export function parseEmbed(address: string): Embed | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(host) || host === 'youtu.be') {
    const ref = youtube(url, segments);
    return ref ? { provider: 'youtube', ref } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const ref = vimeo(url, segments);
    return ref ? { provider: 'vimeo', ref } : null;
  }
  if (host === 'open.spotify.com') {
    const ref = spotify(segments);
    return ref ? { provider: 'spotify', ref } : null;
  }
  if (SOUNDCLOUD_HOSTS.has(host)) {
    const ref = soundcloud(segments);
    return ref ? { provider: 'soundcloud', ref } : null;
  }
  return null;
}

/** The provider's player for this reference (see Embed). */
export function embedUrl(embed: Embed): string {
  const origin = EMBED_ORIGINS[embed.provider];
  switch (embed.provider) {
    case 'youtube':
      return embed.ref.startsWith('list/')
        ? `${origin}/embed/videoseries?list=${embed.ref.slice('list/'.length)}`
        : `${origin}/embed/${embed.ref.slice('v/'.length)}`;
    case 'vimeo': {
      const [id, hash] = embed.ref.split('/');
      return `${origin}/video/${id}${hash ? `?h=${hash}` : ''}`;
    }
    case 'spotify':
      return `${origin}/embed/${embed.ref}`;
    case 'soundcloud':
      return `${origin}/player/?url=${encodeURIComponent(`https://soundcloud.com/${embed.ref}`)}`;
  }
}

/** How a player is laid out on the page: a video's proportions, or an audio player's height in pixels. */
export function embedShape(embed: Embed): { ratio: '16x9' } | { height: number } {
  switch (embed.provider) {
    case 'youtube':
    case 'vimeo':
      return { ratio: '16x9' };
    case 'spotify':
      return { height: /^(track|episode)\//.test(embed.ref) ? 152 : 352 };
    case 'soundcloud':
      return { height: embed.ref.includes('/sets/') ? 450 : 166 };
  }
}

/** What a player is called for people using a screen reader (the frame's title). */
export function embedTitle(embed: Embed): string {
  switch (embed.provider) {
    case 'youtube':
      return embed.ref.startsWith('list/') ? 'YouTube playlist' : 'YouTube video';
    case 'vimeo':
      return 'Vimeo video';
    case 'spotify':
      return `Spotify ${embed.ref.split('/')[0]}`;
    case 'soundcloud':
      return embed.ref.includes('/sets/') ? 'SoundCloud playlist' : 'SoundCloud track';
  }
}
