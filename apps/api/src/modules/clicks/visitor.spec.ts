import { analyseVisit, MAX_UTM_VALUE, visitorKey, visitUtm } from './visitor';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

describe('a visit', () => {
  it('is read from the request: agent, referrer, social source, languages', () => {
    const visit = analyseVisit(
      { ip: '81.2.69.160', userAgent: FIREFOX, referer: 'https://www.facebook.com/groups/x', acceptLanguage: 'fr-CH, en;q=0.8' },
      'salt',
    );
    expect(visit).toEqual({
      browser: 'Firefox',
      os: 'Windows',
      device: 'desktop',
      bot: false,
      targetDevice: 'Windows',
      country: 'GB',
      referrer: 'facebook.com',
      social: 'facebook',
      visitor: visitorKey('salt', '81.2.69.160', FIREFOX),
      languages: ['fr', 'en'],
    });
  });

  it('counts a visitor by address and agent, under the salt, without the address in it', () => {
    const key = visitorKey('salt', '81.2.69.160', FIREFOX);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorKey('salt', '81.2.69.160', FIREFOX)).toBe(key);
    expect(visitorKey('salt', '81.2.69.161', FIREFOX)).not.toBe(key);
    expect(visitorKey('salt', '81.2.69.160', `${FIREFOX} x`)).not.toBe(key);
    expect(visitorKey('other salt', '81.2.69.160', FIREFOX)).not.toBe(key);
    // The parts are separated: moving a character from the address to the agent changes the key.
    expect(visitorKey('salt', '81.2.69.16', `0${FIREFOX}`)).not.toBe(key);
  });

  it('reads a bot as a bot, and an empty agent too', () => {
    expect(analyseVisit({ ip: '127.0.0.1', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, 's').bot).toBe(true);
    expect(analyseVisit({ ip: '127.0.0.1', userAgent: '' }, 's').bot).toBe(true);
  });
});

describe('the UTM values of a visit', () => {
  it("are read from the short URL's query first, each else from the destination's", () => {
    expect(
      visitUtm('/sale?utm_source=newsletter', 'https://shop.example.com/?utm_source=site&utm_medium=email&utm_campaign=spring'),
    ).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    });
    expect(visitUtm('/sale', 'https://shop.example.com/#utm_source=fragment')).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
    expect(visitUtm('/sale?utm_source=', 'https://shop.example.com/?utm_source=site')).toEqual({
      utmSource: 'site',
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('keep no control characters and at most 100 characters, whatever the script', () => {
    const utm = visitUtm(
      `/sale?utm_source=${encodeURIComponent('ニュース\u0000\r\nレター\u0085')}&utm_campaign=${'é'.repeat(100_000)}`,
      'javascript:alert(1)',
    );
    expect(utm.utmSource).toBe('ニュースレター');
    expect(visitUtm('/sale', 'https://shop.example.com/?utm_campaign=%E2%80%AEtxt.exe').utmCampaign).toBe('txt.exe');
    expect(utm.utmCampaign).toBe('é'.repeat(MAX_UTM_VALUE));
    // A broken escape is read as the replacement character, never an error.
    expect(visitUtm('/sale?utm_source=%E0%A4%A', 'app://x')).toEqual({ utmSource: '\uFFFD%A', utmMedium: null, utmCampaign: null });
  });
});
