// UTF-8 text of an upload with the byte-order mark and Windows line ends removed, so offsets count the characters people see.

export function decodeText(bytes: Buffer): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
