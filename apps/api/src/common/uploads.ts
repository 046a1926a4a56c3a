import { badRequest } from './api-error';

const DATA_URL = /^data:image\/[A-Za-z0-9.+-]{1,30};base64,/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A 400 naming the upload's field and what is wrong with it. */
export const refuse = (field: string, reason: string): never => {
  throw badRequest(`Invalid field "${field}": ${reason}`, field);
};

/** The bytes of an upload: base64 (standard or URL-safe, line breaks allowed), or a `data:image/...;base64,` URL. */
export function uploadBytes(value: string, field: string): Buffer {
  const prefix = DATA_URL.exec(value);
  const text = (prefix ? value.slice(prefix[0].length) : value).replace(/[\r\n\t ]+/g, '');
  if (text === '' || !BASE64.test(text) || text.length % 4 === 1) {
    refuse(field, 'must be an image file as base64, or a data:image/...;base64, URL.');
  }
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
