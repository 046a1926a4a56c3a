import type { ValueTransformer } from 'typeorm';

/** bigint counters arrive from pg as strings; they stay far below 2^53. */
export const bigintCounter: ValueTransformer = {
  to: (value: number | undefined) => value,
  from: (value: string | number | null) => (value === null ? 0 : Number(value)),
};
