// Reads a Server-Sent Events body into { event, data } records (the framing both providers stream with).

export interface SseRecord {
  event: string | undefined;
  data: string;
}

function parseBlock(block: string): SseRecord | undefined {
  let event: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : undefined;
}

export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseRecord> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const record = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (record) yield record;
      end = buffer.indexOf('\n\n');
    }
  }
  buffer += decoder.decode();
  const last = parseBlock(buffer.replace(/\r\n?/g, '\n'));
  if (last) yield last;
}
