import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict } from '../../common/api-error';
import { deleteOwned, findOwned, listOwned } from '../../common/owned';
import type { PageRequest } from '../../common/pagination';
import { isUniqueViolation } from '../../database/errors';
import { tagProblem } from './pixel-tags';
import { PixelEntity } from './pixel.entity';

const DUPLICATE = 'pixels_user_type_tag_key';

@Injectable()
export class PixelsService {
  constructor(@InjectRepository(PixelEntity) private readonly pixels: Repository<PixelEntity>) {}

  list(account: Account, page: PageRequest): Promise<[PixelEntity[], number]> {
    return listOwned(this.pixels, account, page);
  }

  get(account: Account, id: number): Promise<PixelEntity> {
    return findOwned(this.pixels, account, id, 'pixel');
  }

  async add(account: Account, input: { type: string; name: string; tag: string }): Promise<PixelEntity> {
    const problem = tagProblem(input.type, input.tag);
    if (problem) throw badRequest(problem);
    return this.save(this.pixels.create({ userId: account.id, type: input.type, name: input.name, tag: input.tag }));
  }

  async update(account: Account, id: number, changes: { name?: string; tag: string }): Promise<void> {
    const pixel = await this.get(account, id);
    const problem = tagProblem(pixel.type, changes.tag);
    if (problem) throw badRequest(problem);
    pixel.tag = changes.tag;
    if (changes.name !== undefined) pixel.name = changes.name;
    await this.save(pixel);
  }

  /** Links lose the pixel with it (the link_pixels rows cascade). */
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.pixels, account, id, 'pixel');
  }

  private async save(pixel: PixelEntity): Promise<PixelEntity> {
    try {
      return await this.pixels.save(pixel);
    } catch (error) {
      if (isUniqueViolation(error, DUPLICATE)) throw conflict(`This account already has a ${pixel.type} pixel with the tag ${pixel.tag}.`);
      throw error;
    }
  }
}
