import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { etagNamer } from '../../src/core/etag.ts';

const sha1Tag = (text: string) => `W/"${createHash('sha1').update(text).digest('base64url')}"`;

test('a route names each representation by its SHA-1, whatever it named before', () => {
  const etagOf = etagNamer();
  const first = '{"success":true,"data":{"used":1}';
  const second = '{"success":true,"data":{"used":2}';
  for (const representation of [first, first, second, first, second, second, '']) {
    assert.equal(etagOf(representation), sha1Tag(representation), JSON.stringify(representation));
  }
  // A slice equal to an earlier string is the same representation.
  const body = `${second}, "meta":{}`;
  assert.equal(etagOf(body.slice(0, second.length)), sha1Tag(second));
});
