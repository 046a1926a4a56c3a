import { embedShape, embedTitle, embedUrl, parseEmbed } from './bio-embeds';

describe('embeds', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=90', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=90'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/live/aqz-KE-bpKQ?t=1h2m3s', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=3723'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://vimeo.com/groups/motion/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M', 'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M'],
    [
      'https://soundcloud.com/forss/sets/soulhack',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack',
    ],
  ])('builds the player of %s from what it read', (address, player) => {
    const embed = parseEmbed(address);
    expect(embed && embedUrl(embed)).toBe(player);
  });

  it.each([
    'javascript:alert(1)',
    'ftp://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com:8443/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/watch?v=aqz-KE-bpK%27',
    'https://youtu.be/aqz-KE-bpKQ/extra',
    'https://vimeo.com/76979871/NOTAHASH',
    'https://vimeo.com/0',
    'https://open.spotify.com/user/someone',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC/extra',
    'https://soundcloud.com/forss',
    'https://soundcloud.com/forss/track%22x',
    'https://on.soundcloud.com/abc',
    'not a url',
  ])('reads nothing in %s', (address) => {
    expect(parseEmbed(address)).toBeNull();
  });

  it('lays players out by kind, and names them', () => {
    expect(embedShape({ provider: 'youtube', ref: 'v/aqz-KE-bpKQ' })).toEqual({ ratio: '16x9' });
    expect(embedShape({ provider: 'spotify', ref: 'track/4uLU6hMCjMI75M1A2tKUQC' })).toEqual({ height: 152 });
    expect(embedShape({ provider: 'spotify', ref: 'album/4aawyAB9vmqN3uQ7FjRGTy' })).toEqual({ height: 352 });
    expect(embedShape({ provider: 'soundcloud', ref: 'forss/sets/soulhack' })).toEqual({ height: 450 });
    expect(embedTitle({ provider: 'vimeo', ref: '76979871' })).toBe('Vimeo video');
  });
});
