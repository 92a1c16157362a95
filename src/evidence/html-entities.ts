// Character references in HTML text and attribute values read back to characters, in one pass (so
// `&amp;lt;` stays `&lt;`): the named ones pages and generators write for markup characters, and numeric
// ones. An unknown or invalid reference is left as written. Pure; one reading for capture and checks.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (ref, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? ref;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });
}
