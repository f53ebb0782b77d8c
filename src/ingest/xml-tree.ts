import { Parser } from 'htmlparser2';
import { ImportError } from './import-error.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from './limits.ts';

/** A piece of an element's own text: as written (entities still to decode), or CDATA (taken as is). */
export interface XmlText {
  text: string;
  cdata: boolean;
  /** Where it starts in the document. */
  at: number;
}

export interface XmlElement {
  /** The tag's name as written (`gesmes:Envelope`, `dc:date`). */
  name: string;
  /** Attribute values as written: entities are not decoded. */
  attributes: Readonly<Record<string, string>>;
  /** Where its start tag begins in the document (for the line of a message). */
  at: number;
  children: XmlElement[];
  /** Its own text pieces, in order (the children's are theirs). */
  texts: XmlText[];
  /** Whether its own end tag (or `/>`) closed it: not the document's end, nor an ancestor's end tag. */
  closed: boolean;
}

/**
 * An XML document as a tree of elements, read by htmlparser2's XML mode: a maintained tokenizer
 * that reads every byte once, whatever the input (no regular expression to backtrack over
 * comments or unclosed tags), and expands no entity: a DOCTYPE's declarations are ignored, and
 * text is kept as written for the importer to decode the XML built-ins (`decodeXmlText`).
 * Bounded: more than FDH_SYNC_MAX_ROWS elements, or an element's text longer than
 * FDH_SYNC_MAX_LINE_KB, is refused. The returned root is a document node (name "") holding the
 * top-level elements; an element still open when the document ends is `closed: false`.
 */
export function parseXmlTree(content: string, fileName: string): XmlElement {
  const limits = payloadLimits();
  const root: XmlElement = { name: '', attributes: {}, at: 0, children: [], texts: [], closed: false };
  const open: XmlElement[] = [root];
  const textLengths = new Map<XmlElement, number>();
  const tagEnds = new Map<XmlElement, number>();
  let elements = 0;
  let cdata = false;
  let ending = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++elements > limits.maxRows) throw new ImportError(`${fileName}: more than ${count(limits.maxRows)} XML elements (${LIMIT_SETTINGS.maxRows.name})`);
        const element: XmlElement = { name, attributes, at: parser.startIndex, children: [], texts: [], closed: false };
        open[open.length - 1]?.children.push(element);
        open.push(element);
        tagEnds.set(element, parser.endIndex);
      },
      onclosetag(_name, implied) {
        const element = open.pop();
        // htmlparser2 calls a close "implied" when no end tag of its own closed the element: the
        // document ended, or an ancestor's end tag came first (both: cut short), or it was
        // written `<x/>` (then it closes at the end of its own start tag: whole).
        if (element !== undefined) element.closed = !ending && (!implied || parser.endIndex === tagEnds.get(element));
      },
      oncdatastart() {
        cdata = true;
      },
      oncdataend() {
        cdata = false;
      },
      ontext(text) {
        const element = open[open.length - 1];
        if (element === undefined) return;
        const length = (textLengths.get(element) ?? 0) + text.length;
        if (length > limits.maxLineChars) {
          throw new ImportError(
            `${fileName}: <${element.name}> holds more than ${count(limits.maxLineChars)} characters of text (${LIMIT_SETTINGS.maxLineChars.name})`,
          );
        }
        textLengths.set(element, length);
        element.texts.push({ text, cdata, at: parser.startIndex });
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(content);
  ending = true;
  parser.end();
  return root;
}

/** The elements under `element` (itself excluded) named `name`, in document order, without recursion's stack depth. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack = [...element.children].reverse();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.name === name) found.push(next);
    for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as XmlElement);
  }
  return found;
}

/** The first child of `element` named one of `names`, in the order of `names`. */
export function child(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  for (const name of names) {
    const found = element?.children.find((c) => c.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The line of any offset in `content`, found by binary search over the line starts (counted once). */
export function lineFinder(content: string): (index: number) => number {
  const starts = [0];
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** All the text inside `element`, its descendants' included, in document order, as pieces. */
export function textPieces(element: XmlElement): XmlText[] {
  const pieces: XmlText[] = [];
  const stack = [element];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    pieces.push(...next.texts);
    stack.push(...next.children);
  }
  return pieces.sort((a, b) => a.at - b.at);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0's Char production. */
function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * Text or an attribute value as written, with XML's built-in entities and character references
 * decoded (parseXmlTree expands none); a reference to no XML character is refused, `where`
 * naming the place of the offset it was found at.
 */
export function decodeXmlText(text: string, where: (offset: number) => string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string, offset: number) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
    const codePoint = name.startsWith('#x') ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    if (!isXmlCharacter(codePoint)) throw new ImportError(`${where(offset)}: invalid character reference ${whole}`);
    return String.fromCodePoint(codePoint);
  });
}
