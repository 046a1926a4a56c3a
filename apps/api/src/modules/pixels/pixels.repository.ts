import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { conflict } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
import { Sql, type Scope } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { PixelEntity } from './pixel.entity';

const DUPLICATE = 'pixels_user_type_tag_key';

/** Every statement of the pixels; a write announces that the account's pages changed (a link's page shows its pixels). */
@Injectable()
export class PixelsRepository {
  constructor(
    @InjectRepository(PixelEntity) private readonly pixels: Repository<PixelEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[PixelEntity[], number]> {
    return listOwned(this.pixels, account, page);
  }

  /** The account's pixel, or 404. */
  @Sql((f) => [f.account, f.ids.pixel])
  get(account: Account, id: number, scope: Scope = this.pixels.manager): Promise<PixelEntity> {
    return findOwned(scope.getRepository(PixelEntity), account, id, 'pixel');
  }

  /** The account's pixels among these ids. */
  @Sql((f) => [f.account, [f.ids.pixel, f.spare.pixel]])
  among(account: Account, ids: number[], scope: Scope = this.pixels.manager): Promise<PixelEntity[]> {
    return scope.findBy(PixelEntity, { id: In(ids), userId: account.id });
  }

  /** Writes a new pixel or a changed one; 409 when the account has that type and tag already. */
  @Sql((f) => [{ userId: f.account.id, type: 'gtmpixel', name: 'Written', tag: 'GTM-WRITTEN' }])
  async save(pixel: Partial<PixelEntity> & Pick<PixelEntity, 'userId' | 'type' | 'tag'>): Promise<PixelEntity> {
    let saved: PixelEntity;
    try {
      saved = await this.pixels.save(this.pixels.create(pixel));
    } catch (error) {
      if (isUniqueViolation(error, DUPLICATE)) throw conflict(`This account already has a ${pixel.type} pixel with the tag ${pixel.tag}.`);
      throw error;
    }
    await this.events.emit(this.pixels.manager, { kind: 'page', account: saved.userId });
    return saved;
  }

  /** Links lose the pixel with it (the link_pixels rows cascade). */
  @Sql((f) => [f.account, f.spare.pixel])
  async delete(account: Account, id: number): Promise<void> {
    await deleteOwned(this.pixels, account, id, 'pixel', (scope) => this.events.emit(scope, { kind: 'page', account: account.id }));
  }
}
