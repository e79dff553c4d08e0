/**
 * Links in a chat message (issue 30): the message split into text and web addresses, so that
 * addresses show as links. Only http(s) addresses (and `www.` ones, opened as https) become
 * links — never `javascript:`, `data:` or any other scheme — and a closing bracket or sentence
 * punctuation right after an address stays text.
 */
export type ChatPart = { text: string } | { text: string; href: string };

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Kept out of the end of an address: "see https://x.org." links https://x.org. */
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

export function chatParts(content: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of content.matchAll(ADDRESS)) {
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    // A closing bracket belongs to the address when it opened one ("…/Foo_(bar)").
    const keep = trailing.startsWith(')') && address.includes('(') ? 1 : 0;
    address = address.slice(0, address.length - trailing.length + keep);
    const href = /^www\./i.test(address) ? `https://${address}` : address;
    let url: URL | undefined;
    try {
      url = new URL(href);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) continue;
    const start = match.index;
    if (start > last) parts.push({ text: content.slice(last, start) });
    parts.push({ text: address, href: url.href });
    last = start + address.length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
