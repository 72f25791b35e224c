// HTML (and DOCX after conversion) to blocks: headings, paragraphs, lists, tables and code become blocks of a plain-text rendering.
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { createTextBuilder, type TextBuilder } from '../../domain/extracted-text.ts';
import type { ExtractedDocument } from '../../domain/extracted-text.ts';

/** Content that is never document text. */
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'nav', 'head', 'button', 'select']);
const HEADING = /^h([1-6])$/;
const PARAGRAPH_LIKE = new Set(['p', 'dt', 'dd', 'figcaption', 'caption', 'address', 'summary', 'legend']);

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';

const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'label', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'br', 'img']);

/** Text of inline content with whitespace collapsed as a browser would; <br> keeps its line break. */
function inlineText(nodes: readonly ChildNode[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text') out += n.data.replace(/\s+/g, ' ');
    else if (isElement(n) && !SKIP.has(n.name)) {
      if (n.name === 'br') out += '\n';
      else if (n.name === 'img') out += n.attribs['alt'] ? ` ${n.attribs['alt']} ` : '';
      else out += INLINE.has(n.name) ? inlineText(n.children) : ` ${inlineText(n.children)} `;
    }
  }
  return out.replace(/ {2,}/g, ' ').replace(/ ?\n ?/g, '\n');
}

/** <pre> keeps its whitespace: it is code or preformatted text. */
function rawText(nodes: readonly ChildNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.data : isElement(n) ? (n.name === 'br' ? '\n' : rawText(n.children)) : '')).join('');
}

function listItems(list: Element, depth = 0): string[] {
  const items: string[] = [];
  for (const li of list.children.filter(isElement).filter((c) => c.name === 'li')) {
    const own = li.children.filter((c) => !(isElement(c) && (c.name === 'ul' || c.name === 'ol')));
    const text = inlineText(own).replace(/\s+/g, ' ').trim();
    if (text !== '') items.push(`${'  '.repeat(depth)}${list.name === 'ol' ? `${items.length + 1}.` : '-'} ${text}`);
    for (const nested of li.children.filter(isElement).filter((c) => c.name === 'ul' || c.name === 'ol')) items.push(...listItems(nested, depth + 1));
  }
  return items;
}

function tableRows(table: Element): string[] {
  const rows: string[] = [];
  const visit = (el: Element) => {
    for (const child of el.children.filter(isElement)) {
      if (child.name === 'tr') {
        const cells = child.children.filter(isElement).filter((c) => c.name === 'td' || c.name === 'th');
        const row = cells.map((c) => inlineText(c.children).replace(/\s+/g, ' ').trim()).join(' | ');
        if (row.replace(/[|\s]/g, '') !== '') rows.push(row);
      } else if (child.name !== 'table') visit(child);
    }
  };
  visit(table);
  return rows;
}

function walk(nodes: readonly ChildNode[], out: TextBuilder): void {
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.length > 0) out.add('paragraph', inlineText(inline));
    inline = [];
  };
  for (const n of nodes) {
    if (!isElement(n)) {
      if (n.type === 'text') inline.push(n);
      continue;
    }
    if (SKIP.has(n.name)) continue;
    const heading = HEADING.exec(n.name);
    if (heading) {
      flush();
      out.add('heading', inlineText(n.children).replace(/\s+/g, ' '), { level: Number(heading[1]) });
    } else if (PARAGRAPH_LIKE.has(n.name)) {
      flush();
      out.add('paragraph', inlineText(n.children));
    } else if (n.name === 'ul' || n.name === 'ol') {
      flush();
      out.add('list', '', { parts: listItems(n) });
    } else if (n.name === 'table') {
      flush();
      out.add('table', '', { parts: tableRows(n) });
    } else if (n.name === 'pre') {
      flush();
      out.add('code', rawText(n.children));
    } else if (n.name === 'blockquote') {
      flush();
      out.add('quote', inlineText(n.children));
    } else if (INLINE.has(n.name)) {
      inline.push(n);
    } else {
      flush();
      walk(n.children, out);
    }
  }
  flush();
}

function findTitle(nodes: readonly ChildNode[]): string | undefined {
  for (const n of nodes) {
    if (!isElement(n)) continue;
    if (n.name === 'title') return inlineText(n.children).replace(/\s+/g, ' ').trim() || undefined;
    const inner = findTitle(n.children);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

export function parseHtml(html: string): ExtractedDocument {
  const dom = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const out = createTextBuilder();
  walk(dom.children, out);
  return out.build(findTitle(dom.children));
}
