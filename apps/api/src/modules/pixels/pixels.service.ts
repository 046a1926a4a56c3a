import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { badRequest, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import type { Scope } from '../../database/sql';
import { tagProblem } from './pixel-tags';
import type { PixelEntity } from './pixel.entity';
import { PixelsRepository } from './pixels.repository';

/** The pixels' rules: each vendor's tag format; a link names only the account's own. */
@Injectable()
export class PixelsService {
  constructor(@Inject(PixelsRepository) private readonly pixels: PixelsRepository) {}

  list(account: Account, page: PageRequest): Promise<[PixelEntity[], number]> {
    return this.pixels.list(account, page);
  }

  /** The account's pixel, or 404; inside a transaction when given its scope. */
  get(account: Account, id: number, scope?: Scope): Promise<PixelEntity> {
    return this.pixels.get(account, id, scope);
  }

  /** The account's pixels with these ids (duplicates once), or 404 naming the first missing one. */
  async owned(account: Account, ids: number[], scope?: Scope): Promise<PixelEntity[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const pixels = await this.pixels.among(account, unique, scope);
    const missing = unique.find((id) => !pixels.some((pixel) => pixel.id === id));
    if (missing !== undefined) throw notFound(`No pixel with id ${missing}.`);
    return pixels;
  }

  async add(account: Account, input: { type: string; name: string; tag: string }): Promise<PixelEntity> {
    const problem = tagProblem(input.type, input.tag);
    if (problem) throw badRequest(problem);
    return this.pixels.save({ userId: account.id, type: input.type, name: input.name, tag: input.tag });
  }

  async update(account: Account, id: number, changes: { name?: string; tag: string }): Promise<void> {
    const pixel = await this.pixels.get(account, id);
    const problem = tagProblem(pixel.type, changes.tag);
    if (problem) throw badRequest(problem);
    await this.pixels.save({ ...pixel, tag: changes.tag, ...(changes.name !== undefined ? { name: changes.name } : {}) });
  }

  delete(account: Account, id: number): Promise<void> {
    return this.pixels.delete(account, id);
  }
}
