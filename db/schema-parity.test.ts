/**
 * One data model, two dialects (issue 20): db/schema.ts (SQLite) is the model, db/schema.pg.ts
 * its Postgres mirror. This walks both with drizzle's getTableConfig and fails on any table,
 * column (name, type family, nullability, default, primary key), index (name, uniqueness,
 * columns, partial), foreign key or CHECK that one has and the other has not.
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig as pgConfig, getViewConfig as pgViewConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, getViewConfig as sqliteViewConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { getSqlite } from './client';
import * as sqliteSchema from './schema';
import * as pgSchema from './schema.pg';

type ColumnShape = { type: string; notNull: boolean; assigned: boolean; primary: boolean };
type Shape = {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  indexes: Record<string, { unique: boolean; on: string[]; partial: boolean }>;
  foreignKeys: string[];
  checks: string[];
};

/** The SQLite storage class each Postgres type stands for. */
const PG_TYPE_FAMILY: Record<string, string> = {
  text: 'text',
  json: 'text',
  integer: 'integer',
  boolean: 'integer',
  bigint: 'integer',
  'double precision': 'real',
  bytea: 'blob',
};

function indexColumn(part: unknown): string {
  if (is(part, SQL)) return '<expression>';
  return (part as { name: string }).name;
}

function sqliteShape(table: SQLiteTable): Shape {
  const c = sqliteConfig(table);
  const columns: Record<string, ColumnShape> = {};
  for (const col of c.columns as SQLiteColumn[]) {
    const type = col.getSQLType();
    // An INTEGER PRIMARY KEY is the rowid: SQLite assigns it, as Postgres's identity does.
    columns[col.name] = { type, notNull: col.notNull, assigned: col.hasDefault || (col.primary && type === 'integer'), primary: col.primary };
  }
  return {
    columns,
    primaryKey: c.primaryKeys.flatMap((pk) => pk.columns.map((col) => col.name)),
    indexes: Object.fromEntries(
      c.indexes.map((i) => [i.config.name, { unique: i.config.unique, on: i.config.columns.map(indexColumn), partial: i.config.where !== undefined }]),
    ),
    foreignKeys: c.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((x) => x.name).join(',')} -> ${sqliteConfig(ref.foreignTable).name}(${ref.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    }),
    checks: c.checks.map((k) => k.name).sort(),
  };
}

function pgShape(table: PgTable): Shape {
  const c = pgConfig(table);
  const columns: Record<string, ColumnShape> = {};
  for (const col of c.columns as PgColumn[]) {
    const sqlType = col.getSQLType();
    const type = PG_TYPE_FAMILY[sqlType] ?? `unmapped:${sqlType}`;
    columns[col.name] = { type, notNull: col.notNull, assigned: col.hasDefault || col.generatedIdentity !== undefined, primary: col.primary };
  }
  return {
    columns,
    primaryKey: c.primaryKeys.flatMap((pk) => pk.columns.map((col) => col.name)),
    indexes: Object.fromEntries(
      c.indexes.map((i) => [i.config.name ?? '<unnamed>', { unique: i.config.unique, on: i.config.columns.map(indexColumn), partial: i.config.where !== undefined }]),
    ),
    foreignKeys: c.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((x) => x.name).join(',')} -> ${pgConfig(ref.foreignTable).name}(${ref.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    }),
    checks: c.checks.map((k) => k.name).filter((name) => !(pgSchema.PG_ONLY_CHECKS as readonly string[]).includes(name)).sort(),
  };
}

function tablesOf<T>(schema: Record<string, unknown>, guard: (v: unknown) => v is T, name: (t: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const value of Object.values(schema)) if (guard(value)) out.set(name(value), value);
  return out;
}

const sqliteTables = tablesOf(sqliteSchema, (v): v is SQLiteTable => is(v, SQLiteTable), (t) => sqliteConfig(t).name);
const pgTables = tablesOf(pgSchema, (v): v is PgTable => is(v, PgTable), (t) => pgConfig(t).name);

describe('SQLite and Postgres schemas', () => {
  it('have the same tables', () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    expect(sqliteTables.size).toBeGreaterThanOrEqual(20);
  });

  for (const [name, table] of sqliteTables) {
    it(`define ${name} alike: columns, keys, indexes, foreign keys, checks`, () => {
      const pgTable = pgTables.get(name);
      if (!pgTable) throw new Error(`db/schema.pg.ts has no table ${name}`);
      const expected = sqliteShape(table);
      const actual = pgShape(pgTable);
      // SQLite column types are storage classes; Postgres ones map onto them (PG_TYPE_FAMILY).
      for (const col of Object.values(expected.columns)) col.type = col.type.replace(/^numeric$/, 'real');
      expect(actual).toEqual(expected);
    });
  }

  it('have the same tool_definitions view columns', () => {
    const shape = (cols: Record<string, { name: string; notNull: boolean }>) =>
      Object.values(cols).map((c) => `${c.name}${c.notNull ? ' not null' : ''}`);
    const sqliteView = sqliteViewConfig(sqliteSchema.toolDefinitions);
    const pgView = pgViewConfig(pgSchema.toolDefinitions);
    expect(pgView.name).toBe(sqliteView.name);
    expect(shape(pgView.selectedFields as Record<string, { name: string; notNull: boolean }>)).toEqual(
      shape(sqliteView.selectedFields as Record<string, { name: string; notNull: boolean }>),
    );
  });

  it('name in Postgres exactly the column-level CHECKs that SQLite migrations added with ALTER TABLE', () => {
    // The SQLite schema.ts cannot declare a CHECK on an added column; the migrations did. Read
    // the migrated database's DDL and find every column definition carrying an unnamed CHECK.
    const ddl = getSqlite().prepare("select name, sql from sqlite_schema where type = 'table' and sql is not null").all() as { name: string; sql: string }[];
    const found: string[] = [];
    for (const { name, sql } of ddl) {
      for (const m of sql.matchAll(/[,(]\s*`(\w+)`\s+(?:text|integer|real|blob)\b[^`,]*?\bCHECK\b/gi)) found.push(`ck_${name}_${m[1]}`);
    }
    expect(found.sort()).toEqual([...pgSchema.PG_ONLY_CHECKS].sort());
    // And each is a real CHECK on the Postgres table it names.
    for (const check of pgSchema.PG_ONLY_CHECKS) {
      const table = [...pgTables.entries()].find(([t]) => check.startsWith(`ck_${t}_`))?.[1];
      expect(table && pgConfig(table).checks.map((k) => k.name)).toContain(check);
    }
  });
});
