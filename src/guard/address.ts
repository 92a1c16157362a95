// Classifies one IP address as a public unicast target or names the range that rules it out.
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IPV4_RULES, IPV6_GLOBAL_UNICAST, IPV6_RULES, type RangeRule } from './ranges.js';

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

type Parsed<T> = { rule: RangeRule; range: [T, number] };
type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4Rules: Parsed<IPv4>[] = IPV4_RULES.map((rule) => ({ rule, range: ipaddr.IPv4.parseCIDR(rule.cidr) }));
const v6Rules: Parsed<IPv6>[] = IPV6_RULES.map((rule) => ({ rule, range: ipaddr.IPv6.parseCIDR(rule.cidr) }));
const globalUnicast = ipaddr.IPv6.parseCIDR(IPV6_GLOBAL_UNICAST);

/**
 * `ip` must be a plain dotted-decimal IPv4 or an IPv6 address (brackets allowed). Other spellings
 * (`127.1`, `0x7f000001`) are refused rather than interpreted: the URL parser canonicalises them
 * before we get here, and guessing how some other parser reads them is how SSRF filters get bypassed.
 */
export function classifyAddress(ip: string): AddressVerdict {
  if (isIPv4(ip)) return classifyV4(ipaddr.IPv4.parse(ip), ip);
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv6(bare)) return classifyV6(ipaddr.IPv6.parse(canonicalV6(bare)), bare);
  return { ok: false, reason: `${JSON.stringify(ip)} is not a plain IP address` };
}

/**
 * The WHATWG serialisation of an IPv6 address (hex groups only, zone dropped). ipaddr.js reads the
 * deprecated `::1.2.3.4` as IPv4-mapped; the browser's parser is the reference, so it goes first.
 */
function canonicalV6(bare: string): string {
  return new URL(`http://[${bare.split('%')[0]}]/`).hostname.slice(1, -1);
}

function classifyV4(addr: IPv4, shown: string): AddressVerdict {
  const hit = v4Rules.find((r) => addr.match(r.range));
  return hit ? { ok: false, reason: `${shown} is ${hit.rule.reason}` } : { ok: true };
}

function classifyV6(addr: IPv6, shown: string): AddressVerdict {
  const hit = v6Rules.find((r) => addr.match(r.range));
  if (hit) {
    const { rule } = hit;
    if (rule.names) {
      return { ok: false, reason: `${shown} is ${rule.reason} of ${describeV4(v4FromParts(addr.parts[6], addr.parts[7]))}` };
    }
    if (!rule.embeds) return { ok: false, reason: `${shown} is ${rule.reason}` };
    for (const inner of embeddedV4(addr, rule.embeds)) {
      if (!classifyV4(ipaddr.IPv4.parse(inner), inner).ok) {
        return { ok: false, reason: `${shown} is ${rule.reason} embedding ${describeV4(inner)}` };
      }
    }
    return { ok: true };
  }
  if (!addr.match(globalUnicast)) {
    return { ok: false, reason: `${shown} is outside the IPv6 global unicast range (2000::/3)` };
  }
  return { ok: true };
}

/** The IPv4 addresses a tunnelled IPv6 address leads to; each must be public. */
function embeddedV4(addr: IPv6, how: NonNullable<RangeRule['embeds']>): string[] {
  const p = addr.parts;
  switch (how) {
    case 'nat64':
      return [v4FromParts(p[6], p[7])];
    case '6to4':
      return [v4FromParts(p[1], p[2])];
    case 'teredo':
      // Server address in clear; client address stored bit-inverted (RFC 4380 §4).
      return [v4FromParts(p[2], p[3]), v4FromParts(~p[6] & 0xffff, ~p[7] & 0xffff)];
  }
}

function v4FromParts(hi: number, lo: number): string {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** "10.0.0.1, a private address (RFC 1918)" for a refused address; just "8.8.8.8" for a public one. */
function describeV4(inner: string): string {
  const verdict = classifyV4(ipaddr.IPv4.parse(inner), inner);
  return verdict.ok ? inner : verdict.reason.replace(`${inner} is `, `${inner}, `);
}
