import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * Plain statements for hot reads: the select list of an entity's columns and the turning of a
 * row back into the entity, built once per entity from its TypeORM metadata (the entity stays the
 * one description of its table). TypeORM's query building and hydration cost more than a short
 * query; a list read often goes through these instead.
 */
export interface PlainColumns<T> {
  /** `alias."column" AS "prefix.property", ...` */
  select(alias: string, prefix: string): string;
  /** The entity from the columns a row holds under `prefix.`; null when its id is null (an outer join found none). */
  read(row: Record<string, unknown>, prefix: string): T | null;
}

const built = new WeakMap<EntityMetadata, PlainColumns<unknown>>();

export function plainColumns<T>(metadata: EntityMetadata): PlainColumns<T> {
  let columns = built.get(metadata) as PlainColumns<T> | undefined;
  if (!columns) {
    const real: ColumnMetadata[] = metadata.columns.filter((column) => !column.isVirtual);
    columns = {
      select: (alias, prefix) => real.map((column) => `${alias}."${column.databaseName}" AS "${prefix}.${column.propertyName}"`).join(', '),
      read: (row, prefix) => {
        if (row[`${prefix}.id`] === null) return null;
        const record = metadata.create() as Record<string, unknown>;
        for (const column of real) {
          const value = row[`${prefix}.${column.propertyName}`];
          const transformer = column.transformer;
          record[column.propertyName] =
            transformer && !Array.isArray(transformer) && value !== null ? (transformer.from(value) as unknown) : value;
        }
        return record as T;
      },
    };
    built.set(metadata, columns);
  }
  return columns;
}
