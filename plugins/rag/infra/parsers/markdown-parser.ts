// Markdown through mdast (CommonMark + GFM tables): blocks are spans of the Markdown source itself, so offsets map to the uploaded file.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import type { Nodes, RootContent } from 'mdast';
import type { Block, BlockKind, ExtractedDocument } from '../../domain/extracted-text.ts';
import type { Span } from '../../domain/text-tokens.ts';

function spanOf(node: Nodes): Span | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start !== undefined && end !== undefined && end > start ? { start, end } : undefined;
}

function plain(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plain).join('');
  return '';
}

const KIND: Partial<Record<RootContent['type'], BlockKind>> = {
  paragraph: 'paragraph', list: 'list', table: 'table', code: 'code', blockquote: 'quote', html: 'paragraph'
};

export function parseMarkdown(text: string): ExtractedDocument {
  const tree = fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const blocks: Block[] = [];
  for (const node of tree.children) {
    const span = spanOf(node);
    if (span === undefined) continue;
    if (node.type === 'heading') {
      blocks.push({ kind: 'heading', ...span, level: node.depth, title: plain(node).trim() || text.slice(span.start, span.end).replace(/^#+\s*/, '').trim() });
      continue;
    }
    const kind = KIND[node.type];
    if (kind === undefined) continue;
    const children = node.type === 'list' || node.type === 'table' ? (node.children as Nodes[]) : [];
    const parts = children.map(spanOf).filter((s): s is Span => s !== undefined);
    blocks.push({ kind, ...span, ...(parts.length > 1 ? { parts } : {}) });
  }
  const title = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.title;
  return { text, blocks, ...(title ? { title } : {}) };
}
