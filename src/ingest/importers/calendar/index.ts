import type { Importer } from '../../source.ts';

/** The calendar domain's importers. */
export const calendarImporters: Importer[] = [];
