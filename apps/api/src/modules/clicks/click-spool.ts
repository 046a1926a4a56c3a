import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Click } from './click';

/** One batch of clicks kept on disk until the database takes it. */
export interface SpooledBatch {
  /** Unique across instances and restarts: the database records it, so a batch is written once. */
  id: string;
  clicks: Click[];
  /** Removes the file, once the batch is written. */
  done(): Promise<void>;
  /** Gives the file back, for a later attempt. */
  release(): Promise<void>;
}

type Row = [
  number | null,
  number | null,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  0 | 1,
  string,
  // UTM source, medium and campaign (absent from batches spooled by an older version).
  (string | null)?,
  (string | null)?,
  (string | null)?,
  // The bio page and the block (absent from batches spooled by an older version).
  (number | null)?,
  (number | null)?,
  // The A/B split's variant (absent from batches spooled by an older version).
  (string | null)?,
  // An orphan visit's domain, kind and alias (absent from batches spooled by an older version).
  (number | null)?,
  (string | null)?,
  (string | null)?,
];

const toRow = (click: Click): Row => [
  click.linkId,
  click.qrId,
  click.at.getTime(),
  click.country,
  click.referrer,
  click.browser,
  click.os,
  click.device,
  click.social,
  click.bot ? 1 : 0,
  click.visitor,
  click.utmSource,
  click.utmMedium,
  click.utmCampaign,
  click.bioId,
  click.blockId,
  click.variant,
  click.domainId,
  click.orphan,
  click.alias,
];

const fromRow = (row: Row): Click => ({
  linkId: row[0],
  qrId: row[1],
  at: new Date(row[2]),
  country: row[3],
  referrer: row[4],
  browser: row[5],
  os: row[6],
  device: row[7],
  social: row[8] as Click['social'],
  bot: row[9] === 1,
  visitor: row[10],
  // Batches spooled before the UTM values were recorded have none.
  utmSource: row[11] ?? null,
  utmMedium: row[12] ?? null,
  utmCampaign: row[13] ?? null,
  bioId: row[14] ?? null,
  blockId: row[15] ?? null,
  variant: row[16] ?? null,
  domainId: row[17] ?? null,
  orphan: (row[18] ?? null) as Click['orphan'],
  alias: row[19] ?? null,
});

const READY = /^clicks-\d{13}-[0-9a-f-]{36}\.ndjson$/;
const CLAIMED = /^(clicks-\d{13}-[0-9a-f-]{36}\.ndjson)\.claimed-(\d+)$/;
/** A batch being written: it takes its name once whole, so that no take() reads half of it. */
const WRITING = /^(clicks-\d{13}-[0-9a-f-]{36}\.ndjson)\.writing-(\d+)$/;

/**
 * Clicks the database could not take yet, on disk: when the recorder's memory bound is reached
 * during a database outage, and on a stop with the database away. One file per batch, claimed by
 * renaming before it is read, so several instances sharing the folder never take the same file.
 * Bounded in bytes: past the bound, batches are refused and the recorder counts them as dropped.
 */
export class ClickSpool {
  private bytes = 0;
  private files = 0;

  private constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** Opens the folder (creating it) and takes back files a stopped process had claimed. */
  static async open(dir: string, maxBytes: number): Promise<ClickSpool> {
    await mkdir(dir, { recursive: true });
    const spool = new ClickSpool(dir, maxBytes);
    for (const name of await readdir(dir)) {
      // A process that stopped while it held a file, or while it wrote one (what it wrote counts).
      const held = CLAIMED.exec(name) ?? WRITING.exec(name);
      if (held && !isAlive(Number(held[2]))) await rename(join(dir, name), join(dir, held[1]!)).catch(() => undefined);
    }
    for (const name of await readdir(dir)) {
      if (!READY.test(name)) continue;
      spool.files += 1;
      spool.bytes += (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size;
    }
    return spool;
  }

  get size(): { files: number; bytes: number } {
    return { files: this.files, bytes: this.bytes };
  }

  /** Writes a batch to disk under its id (see ClickBatch); false when the spool is full (or the disk refuses). */
  async put(clicks: Click[], id: string): Promise<boolean> {
    if (!READY.test(`${id}.ndjson`)) throw new RangeError(`not a batch id: ${id}`);
    const body = clicks.map((click) => JSON.stringify(toRow(click))).join('\n') + '\n';
    const size = Buffer.byteLength(body);
    if (this.bytes + size > this.maxBytes) return false;
    this.bytes += size;
    this.files += 1;
    try {
      const file = join(this.dir, `${id}.ndjson`);
      await writeFile(`${file}.writing-${process.pid}`, body, { flag: 'wx' });
      await rename(`${file}.writing-${process.pid}`, file);
      return true;
    } catch {
      this.bytes -= size;
      this.files -= 1;
      return false;
    }
  }

  /** The oldest batch on disk, claimed for this process; null when there is none. */
  async take(): Promise<SpooledBatch | null> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((name) => READY.test(name)).sort();
    for (const name of names) {
      const file = join(this.dir, name);
      const claimed = `${file}.claimed-${process.pid}`;
      try {
        await rename(file, claimed);
      } catch {
        continue; // another instance took it
      }
      const text = await readFile(claimed, 'utf8');
      const size = Buffer.byteLength(text);
      const clicks: Click[] = [];
      for (const line of text.split('\n')) {
        if (line === '') continue;
        try {
          clicks.push(fromRow(JSON.parse(line) as Row));
        } catch {
          // A line cut short by a crash while writing: the rest of the batch still counts.
        }
      }
      return {
        id: name.replace(/\.ndjson$/, ''),
        clicks,
        done: async () => {
          await unlink(claimed).catch(() => undefined);
          this.bytes = Math.max(0, this.bytes - size);
          this.files = Math.max(0, this.files - 1);
        },
        release: async () => {
          await rename(claimed, file).catch(() => undefined);
        },
      };
    }
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
