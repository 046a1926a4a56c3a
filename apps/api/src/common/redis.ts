import { Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');

/** One command connection; null when REDIS_URL is unset and everything stays in process. */
export function createRedis(url: string | undefined): Redis | null {
  if (!url) return null;
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
