import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { randomAlias } from '../../common/aliases';
import type { PageRequest } from '../../common/pagination';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { ApiError, badRequest } from '../../common/api-error';
import { Busy } from '../../infrastructure/concurrency-limit';
import { fetchLogo } from './logo-fetcher';
import { uploadedLogo } from './logo-upload';
import { QR_SIZE, renderQr } from './qr-image';
import { checkQrData, normalizeColor } from './qr-data';
import type { AddQrDto, PreviewQrDto, UpdateQrDto } from './qr.dto';
import type { QrEntity } from './qr.entity';
import { QrRepository } from './qr.repository';

export const DEFAULT_QR_NAME = 'QR code';
const ALIAS_LENGTH = 8;
/**
 * What a `link` code's preview holds in place of the alias it will get: as long as one, so the
 * code has the same pattern of modules, and no alias at all (the scan route finds none without a
 * lookup).
 */
const PREVIEW_ALIAS = '-'.repeat(ALIAS_LENGTH);

@Injectable()
export class QrService {
  constructor(
    @Inject(QrRepository) private readonly qrs: QrRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  list(account: Account, page: PageRequest): Promise<[QrEntity[], number]> {
    return this.qrs.list(account, page);
  }

  get(account: Account, id: number): Promise<QrEntity> {
    return this.qrs.get(account, id);
  }

  async add(account: Account, input: AddQrDto): Promise<QrEntity> {
    const qr = { userId: account.id, type: input.type, name: input.name ?? DEFAULT_QR_NAME, logo: null, logoType: null } as QrEntity;
    await this.apply(account, qr, input);
    return this.qrs.save(qr, () => randomAlias(ALIAS_LENGTH));
  }

  /** `data` is checked against the new type, or the stored one when no type is sent. */
  async update(account: Account, id: number, changes: UpdateQrDto): Promise<void> {
    const qr = await this.get(account, id);
    if (changes.type !== undefined) qr.type = changes.type;
    if (changes.name !== undefined) qr.name = changes.name;
    await this.apply(account, qr, changes);
    await this.qrs.save(qr);
  }

  /** Its channel memberships go with it (they cascade). */
  delete(account: Account, id: number): Promise<void> {
    return this.qrs.delete(account, id);
  }

  /**
   * The image of a draft, checked as `add` checks it (its logo fetched or re-encoded too), drawn by
   * the renderer of the public images and kept nowhere. Throws 503 when too many PNGs are waiting.
   */
  async preview(account: Account, input: PreviewQrDto): Promise<Buffer | string> {
    const qr = {
      userId: account.id,
      type: input.type,
      alias: PREVIEW_ALIAS,
      background: 'rgb(255,255,255)',
      foreground: 'rgb(0,0,0)',
      logoUrl: '',
      logo: null,
      logoType: null,
    } as QrEntity;
    await this.apply(account, qr, input);
    return renderQr(qr, this.config.publicUrl, input.format ?? 'png', input.size ?? QR_SIZE.default, { keep: false }).catch(
      (error: unknown) => {
        if (error instanceof Busy)
          throw new ApiError(503, 'Too many images are being drawn right now; try again in a moment.', { 'Retry-After': '1' });
        throw error;
      },
    );
  }

  private async apply(account: Account, qr: QrEntity, input: Partial<AddQrDto>): Promise<void> {
    qr.data = checkQrData(qr.type, input.data);
    for (const field of ['background', 'foreground'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const color = normalizeColor(value);
      if (!color) throw badRequest(`Invalid field "${field}": must be a color rgb(R,G,B) with each value from 0 to 255.`);
      qr[field] = color;
    }
    if (input.logoFile !== undefined) {
      if (input.logo) throw badRequest('Invalid field "logoFile": send a logo as a file or as an address ("logo"), not both.', 'logoFile');
      const logo = await uploadedLogo(account.id, input.logoFile);
      qr.logoUrl = '';
      qr.logo = logo.data;
      qr.logoType = logo.type;
      return;
    }
    // A new address is fetched; "" removes the logo, fetched or uploaded.
    if (input.logo !== undefined && (input.logo !== qr.logoUrl || (input.logo === '' && qr.logoType !== null))) {
      const logo = input.logo === '' ? null : await fetchLogo(input.logo, { allowPrivate: this.config.logoFetchAllowPrivate });
      qr.logoUrl = input.logo;
      qr.logo = logo?.data ?? null;
      qr.logoType = logo?.type ?? null;
    }
  }
}
