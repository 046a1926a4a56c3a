import { LINKYARD_COLUMNS, linkyardCsvHeader, linkyardCsvLine, linkyardNdjsonLine, readImport, type LinkyardExportRecord } from '../src';

function record(overrides: Partial<LinkyardExportRecord> = {}): LinkyardExportRecord {
  return {
    id: 7,
    alias: 'promo',
    shorturl: 'https://ly.example.com/promo',
    longurl: 'https://example.com/a?b=1&c=2',
    domain: null,
    title: 'Promo',
    description: '',
    metadescription: '',
    metaimage: '',
    type: 'direct',
    status: 'public',
    password: false,
    expiry: null,
    campaign: null,
    channels: [],
    pixels: [],
    geotarget: [],
    devicetarget: [],
    languagetarget: [],
    deeplink: null,
    parameters: [],
    tags: [],
    archived: false,
    startdate: null,
    clicklimit: null,
    variants: [],
    date: '2024-01-02 03:04:05',
    clicks: 12,
    uniqueClicks: 9,
    ...overrides,
  };
}

describe('Linkyard export, CSV', () => {
  it('writes the header with the 29 columns in order and CRLF', () => {
    expect(linkyardCsvHeader()).toBe(
      'id,alias,shorturl,longurl,domain,title,description,metadescription,metaimage,type,status,password,expiry,campaign,' +
        'channels,pixels,geotarget,devicetarget,languagetarget,deeplink,parameters,tags,archived,startdate,clicklimit,variants,date,clicks,uniqueClicks\r\n',
    );
    expect(LINKYARD_COLUMNS).toHaveLength(29);
  });

  it('writes a plain link: null as an empty cell, numbers in decimal, booleans as words, lists as JSON', () => {
    const line = linkyardCsvLine(
      record({
        domain: 'go.example.org',
        password: true,
        expiry: '2025-01-01 00:00:00',
        campaign: 3,
        channels: [1, 2],
        geotarget: [{ location: 'Germany', link: 'https://example.de/' }],
        deeplink: { auto: false, apple: '', google: 'https://example.com/g' },
        tags: ['spring'],
      }),
    );
    expect(line).toBe(
      '7,promo,https://ly.example.com/promo,https://example.com/a?b=1&c=2,go.example.org,Promo,,,,direct,public,true,' +
        '2025-01-01 00:00:00,3,"[1,2]",[],"[{""location"":""Germany"",""link"":""https://example.de/""}]",[],[],' +
        '"{""auto"":false,""apple"":"""",""google"":""https://example.com/g""}",[],"[""spring""]",false,,,[],2024-01-02 03:04:05,12,9\r\n',
    );
  });

  it('quotes a cell holding a quote, a comma, a CR or an LF, doubling the quotes', () => {
    expect(linkyardCsvLine(record({ title: 'say "hi"' }))).toContain(',"say ""hi""",');
    expect(linkyardCsvLine(record({ title: 'a,b' }))).toContain(',"a,b",');
    expect(linkyardCsvLine(record({ title: 'a\rb' }))).toContain(',"a\rb",');
    expect(linkyardCsvLine(record({ title: 'a\nb' }))).toContain(',"a\nb",');
    expect(linkyardCsvLine(record({ title: 'plain text' }))).toContain(',plain text,');
  });

  it('puts one more quote mark in front of text a spreadsheet would run as a formula', () => {
    const title = (text: string): string => linkyardCsvLine(record({ title: text })).split(',')[5] ?? '';
    expect(title('=1+1')).toBe("'=1+1");
    expect(title('+1')).toBe("'+1");
    expect(title('-1')).toBe("'-1");
    expect(title('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(title('\tx')).toBe("'\tx");
    expect(title("'=1")).toBe("''=1");
    expect(title("''@x")).toBe("'''@x");
    expect(title("'plain")).toBe("'plain");
    expect(title('a=b')).toBe('a=b');
    expect(linkyardCsvLine(record({ title: '\rx' }))).toContain(`,"'\rx",`);
    expect(linkyardCsvLine(record({ title: "=cmd|' /C calc'!A0" }))).toContain(",'=cmd|' /C calc'!A0,");
    // Full-width forms, which a spreadsheet with an East Asian input method runs as the same.
    expect(title('＝1+1')).toBe("'＝1+1");
    expect(title('＋1')).toBe("'＋1");
    expect(title('－1')).toBe("'－1");
    expect(title('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(title("'＝1")).toBe("''＝1");
    expect(title('１＝1')).toBe('１＝1');
  });

  it('writes tags as a JSON list, which no spreadsheet runs as a formula whatever the tags hold', () => {
    const line = linkyardCsvLine(record({ tags: ['=1+1', '@x', '-2', 'a, b', 'say "hi"', '夜市', 'مرحبا'] }));
    expect(line).toContain(',"[""=1+1"",""@x"",""-2"",""a, b"",""say \\""hi\\"""",""夜市"",""مرحبا""]",');
    expect(linkyardCsvLine(record({ tags: [] }))).toContain(',[],[],false,,,[],2024-01-02 03:04:05,');
  });

  it('reads every guarded text back as it was', () => {
    // (A leading tab is guarded too, but an import trims its texts.)
    const texts = ['=1+1', "'=1", "''@x", '＝1+1', "'＋1", '－1', '＠x', "'plain", 'a=b', '-\tx'];
    const csv = linkyardCsvHeader() + texts.map((title) => linkyardCsvLine(record({ title }))).join('');
    const read = readImport('linkyard', csv).flatMap((entry) => ('link' in entry ? [entry.link.title] : []));
    expect(read).toEqual(texts);
  });

  it('reads an archived link back as archived, in CSV and NDJSON', () => {
    const records = [record({ archived: true }), record({ alias: 'kept' })];
    const csv = linkyardCsvHeader() + records.map(linkyardCsvLine).join('');
    const ndjson = records.map(linkyardNdjsonLine).join('');
    for (const file of [csv, ndjson]) {
      const read = readImport('linkyard', file).flatMap((entry) => ('link' in entry ? [entry.link.archived ?? false] : []));
      expect(read).toEqual([true, false]);
    }
  });

  it('reads a start date, a click limit and an A/B split back, in CSV and NDJSON, and none from an older export', () => {
    const variants = [
      { url: 'https://example.com/a?b=1&c=2', weight: 70 },
      { url: 'https://example.com/"b",c', weight: 30 },
    ];
    const records = [record({ startdate: '2030-01-02 03:04:05', clicklimit: 500, variants }), record({ alias: 'plain' })];
    const csv = linkyardCsvHeader() + records.map(linkyardCsvLine).join('');
    const ndjson = records.map(linkyardNdjsonLine).join('');
    for (const file of [csv, ndjson]) {
      const read = readImport('linkyard', file).flatMap((entry) =>
        'link' in entry ? [[entry.link.startdate, entry.link.clicklimit, entry.link.variants]] : [],
      );
      expect(read).toEqual([
        ['2030-01-02 03:04:05', 500, variants],
        [undefined, undefined, undefined],
      ]);
    }
    const broken = linkyardCsvHeader() + linkyardCsvLine(record({ variants: [{ url: 'https://example.com/', weight: '50' }] as never }));
    expect(readImport('linkyard', broken)).toEqual([{ line: 2, error: expect.stringContaining('variants[0] must be {url, weight}') }]);
    const older = 'id,alias,shorturl,longurl,date\r\n1,old,https://ly.example.com/old,https://example.com/,2024-01-02 03:04:05\r\n';
    expect(readImport('linkyard', older)).toEqual([{ line: 2, link: expect.not.objectContaining({ clicklimit: expect.anything() }) }]);
  });
});

describe('Linkyard export, NDJSON', () => {
  it('writes one JSON object per line, keys in column order whatever order the record has, and LF', () => {
    const shuffled = Object.fromEntries(Object.entries(record()).reverse()) as unknown as LinkyardExportRecord;
    const line = linkyardNdjsonLine({ ...shuffled, extra: 'not a column' } as LinkyardExportRecord);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(Object.keys(JSON.parse(line) as object)).toEqual([...LINKYARD_COLUMNS]);
    expect(line).toBe(
      '{"id":7,"alias":"promo","shorturl":"https://ly.example.com/promo","longurl":"https://example.com/a?b=1&c=2","domain":null,' +
        '"title":"Promo","description":"","metadescription":"","metaimage":"","type":"direct","status":"public","password":false,' +
        '"expiry":null,"campaign":null,"channels":[],"pixels":[],"geotarget":[],"devicetarget":[],"languagetarget":[],"deeplink":null,' +
        '"parameters":[],"tags":[],"archived":false,"startdate":null,"clicklimit":null,"variants":[],"date":"2024-01-02 03:04:05","clicks":12,"uniqueClicks":9}\n',
    );
  });
});

/** Texts that break naive CSV writers, spreadsheets, or encodings. None has blanks around it: an import trims those. */
const HOSTILE_TEXTS = [
  'Ночная распродажа — 夜市 — سوق الليل — यात्रा',
  'emoji 🎉👩‍👩‍👧‍👦 and a flag 🇩🇪',
  'say "hello", then leave',
  'line one\r\nline two\nline three\rline four',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@channel',
  "'=already quoted",
  "''+twice",
  "'plain quote",
  "'",
  'NUL\u0000inside',
  'bell\u0007 and escape\u001b[31m',
  'a\u2028b\u2029c',
  '"',
  ',',
  '""',
];

describe('Linkyard export read back by the import', () => {
  const records = HOSTILE_TEXTS.map((text, index) =>
    record({
      id: index + 1,
      alias: `a${index}`,
      longurl: `https://example.com/${index}?q=${encodeURIComponent(text)}`,
      title: text,
      description: text,
      metadescription: `${text} (meta)`,
      metaimage: 'https://img.example.com/x.png',
      status: index % 2 === 0 ? 'public' : 'private',
      expiry: '2030-12-31 23:59:59',
      campaign: 4,
      channels: [1],
      pixels: [2, 3],
      geotarget: [{ location: text, link: 'https://example.de/' }],
      devicetarget: [{ device: 'iPhone', link: text }],
      languagetarget: [{ language: 'fr', link: 'https://example.fr/' }],
      deeplink: { auto: true, apple: text, google: 'https://play.example.com/' },
      parameters: [{ name: 'utm_source', value: text }],
      tags: [text, 'plain'],
      domain: index % 3 === 0 ? 'go.example.org' : null,
    }),
  );
  const expected = records.map((link) => ({
    longurl: link.longurl,
    alias: link.alias,
    ...(link.domain === null ? {} : { domain: link.domain }),
    title: link.title,
    description: link.description,
    metadescription: link.metadescription,
    metaimage: link.metaimage,
    status: link.status,
    expiry: link.expiry,
    geotarget: link.geotarget,
    devicetarget: link.devicetarget,
    languagetarget: link.languagetarget,
    deeplink: link.deeplink,
    parameters: link.parameters,
    tags: link.tags,
    type: link.type,
    date: link.date,
    clicks: link.clicks,
  }));

  it('gives back every text exactly from CSV', () => {
    const csv = linkyardCsvHeader() + records.map(linkyardCsvLine).join('');
    const read = readImport('linkyard', csv);
    expect(read.map((entry) => ('link' in entry ? entry.link : entry))).toEqual(expected);
  });

  it('gives back every text exactly from NDJSON', () => {
    const ndjson = records.map(linkyardNdjsonLine).join('');
    const read = readImport('linkyard', ndjson);
    expect(read.map((entry) => ('link' in entry ? entry.link : entry))).toEqual(expected);
    expect(read.map((entry) => entry.line)).toEqual(records.map((_, index) => index + 1));
  });

  it('numbers CSV records by the line they start on, counting the line ends inside cells', () => {
    const csv = linkyardCsvHeader() + records.map(linkyardCsvLine).join('');
    const read = readImport('linkyard', csv);
    // Header on line 1, texts 0-2 on lines 2-4. Text 3 has 3 line ends, raw in title, description and
    // metadescription (9 in all); the JSON columns escape theirs, and the long URL is percent-encoded.
    expect(read[3]?.line).toBe(5);
    expect(read[4]?.line).toBe(5 + 9 + 1);
  });
});
