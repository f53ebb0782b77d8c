import type { AnyImporter } from '../../source.ts';

/** The calendar domain's importers. */
export const calendarImporters: AnyImporter[] = [];
