import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict, notFound } from '../../common/api-error';
import { deleteOwned, findOwned, listOwned } from '../../database/owned';
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

  /** The account's pixel, or 404; inside a transaction when given its manager. */
  get(account: Account, id: number, manager: EntityManager = this.pixels.manager): Promise<PixelEntity> {
    return findOwned(manager.getRepository(PixelEntity), account, id, 'pixel');
  }

  /** The account's pixels with these ids (duplicates once), or 404 naming the first missing one. */
  async owned(account: Account, ids: number[], manager: EntityManager = this.pixels.manager): Promise<PixelEntity[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const pixels = await manager.findBy(PixelEntity, { id: In(unique), userId: account.id });
    const missing = unique.find((id) => !pixels.some((pixel) => pixel.id === id));
    if (missing !== undefined) throw notFound(`No pixel with id ${missing}.`);
    return pixels;
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
