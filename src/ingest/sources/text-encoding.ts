import { ImportError } from '../import-error.ts';

/**
 * The bytes in the publisher's encoding as UTF-8 text, the encoding every importer reads; a
 * byte that is not valid in that encoding refuses the file rather than reading it garbled.
 * `sourceId` names the source in the message about an encoding this Node.js cannot read.
 */
export function utf8From(body: Buffer, encoding: string, fileName: string, sourceId: string): Buffer {
  try {
    return Buffer.from(new TextDecoder(encoding, { fatal: true }).decode(body), 'utf8');
  } catch (error) {
    // The constructor refuses an unknown label with a RangeError; `decode` an invalid byte with a TypeError.
    if (error instanceof RangeError) throw new Error(`${sourceId}: params.encoding "${encoding}" is not an encoding this Node.js can read`);
    throw new ImportError(`${fileName}: the file is not valid ${encoding} text`);
  }
}
