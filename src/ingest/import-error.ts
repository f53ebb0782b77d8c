/** A publisher file the importer refuses: the message names the file, the line and the value. */
export class ImportError extends Error {}
