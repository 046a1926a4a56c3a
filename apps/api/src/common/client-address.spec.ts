import { guessSource } from './client-address';

describe('guessSource', () => {
  it('counts an IPv4 address as itself, an IPv6 address by its /64, and an IPv4-mapped one as its IPv4 address', () => {
    expect(guessSource('198.51.100.7')).toBe('198.51.100.7');
    expect(guessSource('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(guessSource('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(guessSource('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(guessSource('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(guessSource('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is no address as it is (a socket that closed gives none)', () => {
    expect(guessSource('')).toBe('');
    expect(guessSource('not an address')).toBe('not an address');
  });
});
