import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type SchemaMetadata, type TableMetadata } from 'kysely';

type IntrospectedDb = Parameters<PostgresDialect['createIntrospector']>[0];

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  description: string | null;
  auto_incrementing: boolean;
}

// Kysely's own migration tables, which its introspector leaves out unless asked (ours are named fdh_migration*).
const KYSELY_INTERNAL_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * The tables of the store's own schema (`current_schema()`: the one its search_path names,
 * `public` by default). Kysely's PostgreSQL introspector reads every schema of the database, and
 * its migrator asks it several times on each start: beside other stores (one database holding
 * many schemas) that is slow, and it looks columns up by name (`pg_get_serial_sequence`), so a
 * column another store's migration drops during the read fails the start with "column … does not
 * exist". Here every column is found by its table's oid and number, in one schema.
 */
export class StoreSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: IntrospectedDb;

  constructor(db: IntrospectedDb) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema, a.attname as column,
             a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as description,
             (a.attidentity <> '' or exists (
               select 1 from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
               where d.refclassid = 'pg_catalog.pg_class'::regclass and d.refobjid = a.attrelid and d.refobjsubid = a.attnum
                 and d.classid = 'pg_catalog.pg_class'::regclass and d.deptype in ('a', 'i'))) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_INTERNAL_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', isForeign: row.kind === 'f', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing,
        hasDefaultValue: row.has_default,
        comment: row.description ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

/** PostgreSQL, introspected within the store's own schema (see StoreSchemaIntrospector). */
export class StorePostgresDialect extends PostgresDialect {
  override createIntrospector(db: IntrospectedDb): DatabaseIntrospector {
    return new StoreSchemaIntrospector(db);
  }
}
