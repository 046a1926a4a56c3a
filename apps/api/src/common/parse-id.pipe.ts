import { Injectable, PipeTransform, type ArgumentMetadata } from '@nestjs/common';
import { badRequest } from './api-error';
import { parseRecordId } from './record-id';

/** Path ids are positive integers; anything else is a 400 naming the parameter. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    const id = parseRecordId(value);
    if (id === null) throw badRequest(`The path parameter ${name} must be a positive integer, got "${value}".`);
    return id;
  }
}

/** Ids of bigserial rows (webhook deliveries): positive integers up to 2^53 - 1. */
@Injectable()
export class ParseBigIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    if (!/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw badRequest(`The path parameter ${name} must be a positive integer, got "${value}".`);
    }
    return Number(value);
  }
}
