import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { randomAlias } from '../links/aliases';
import { badRequest } from '../../common/api-error';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { fetchLogo } from './logo-fetcher';
import { checkQrData, normalizeColor } from './qr-data';
import type { AddQrDto, UpdateQrDto } from './qr.dto';
import { QrEntity, QR_ALIAS_KEY } from './qr.entity';

export const DEFAULT_QR_NAME = 'QR code';
const ALIAS_LENGTH = 8;

@Injectable()
export class QrService {
  constructor(
    @InjectRepository(QrEntity) private readonly qrs: Repository<QrEntity>,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  list(account: Account, page: PageRequest): Promise<[QrEntity[], number]> {
    return listOwned(this.qrs, account, page);
  }

  get(account: Account, id: number): Promise<QrEntity> {
    return findOwned(this.qrs, account, id, 'QR code');
  }

  async add(account: Account, input: AddQrDto): Promise<QrEntity> {
    const qr = this.qrs.create({ userId: account.id, type: input.type, name: input.name ?? DEFAULT_QR_NAME, logo: null, logoType: null });
    await this.apply(qr, input);
    for (let attempt = 0; ; attempt += 1) {
      qr.alias = randomAlias(ALIAS_LENGTH);
      try {
        return await this.qrs.save(qr);
      } catch (error) {
        if (!isUniqueViolation(error, QR_ALIAS_KEY) || attempt >= 4) throw error;
      }
    }
  }

  /** `data` is checked against the new type, or the stored one when no type is sent. */
  async update(account: Account, id: number, changes: UpdateQrDto): Promise<void> {
    const qr = await this.get(account, id);
    if (changes.type !== undefined) qr.type = changes.type;
    if (changes.name !== undefined) qr.name = changes.name;
    await this.apply(qr, changes);
    await this.qrs.save(qr);
  }

  /** Its channel memberships go with it (they cascade). */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.qrs, account, id, 'QR code');
  }

  private async apply(qr: QrEntity, input: Partial<AddQrDto>): Promise<void> {
    qr.data = checkQrData(qr.type, input.data);
    for (const field of ['background', 'foreground'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const color = normalizeColor(value);
      if (!color) throw badRequest(`Invalid field "${field}": must be a color rgb(R,G,B) with each value from 0 to 255.`);
      qr[field] = color;
    }
    if (input.logo !== undefined && input.logo !== qr.logoUrl) {
      const logo = input.logo === '' ? null : await fetchLogo(input.logo, { allowPrivate: this.config.logoFetchAllowPrivate });
      qr.logoUrl = input.logo;
      qr.logo = logo?.data ?? null;
      qr.logoType = logo?.type ?? null;
    }
  }
}
