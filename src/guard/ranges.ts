// The address ranges a target may never reach, each with the reason we give. Data, not code paths.
// Most specific entries come first: the first match names the reason.

/** How an address embeds an IPv4 address that must be judged too. */
export type Embedding = 'ipv4-mapped' | 'ipv4-compatible' | 'nat64' | '6to4' | 'teredo';

export interface RangeRule {
  cidr: string;
  /** Completes "<ip> is …". */
  reason: string;
  /** Set for ranges that carry an IPv4 address; the rule refuses only when that address is not public. */
  embeds?: Exclude<Embedding, 'ipv4-mapped' | 'ipv4-compatible'>;
  /** Set for ranges refused whatever they embed; the embedded IPv4 is named for the reader. */
  names?: 'ipv4-mapped' | 'ipv4-compatible';
}

export const IPV4_RULES: readonly RangeRule[] = [
  { cidr: '0.0.0.0/32', reason: 'the unspecified address, which reaches the local host' },
  { cidr: '0.0.0.0/8', reason: 'in 0.0.0.0/8 ("this network"), which is not routable' },
  { cidr: '10.0.0.0/8', reason: 'a private address (RFC 1918)' },
  { cidr: '100.64.0.0/10', reason: 'a carrier-grade NAT address (100.64.0.0/10, RFC 6598)' },
  { cidr: '127.0.0.0/8', reason: 'a loopback address' },
  { cidr: '169.254.169.254/32', reason: 'the cloud instance metadata address' },
  { cidr: '169.254.0.0/16', reason: 'a link-local address' },
  { cidr: '172.16.0.0/12', reason: 'a private address (RFC 1918)' },
  { cidr: '192.0.0.0/24', reason: 'an IETF protocol assignment (192.0.0.0/24)' },
  { cidr: '192.0.2.0/24', reason: 'a documentation address (192.0.2.0/24)' },
  { cidr: '192.88.99.0/24', reason: 'a deprecated 6to4 relay anycast address (192.88.99.0/24)' },
  { cidr: '192.168.0.0/16', reason: 'a private address (RFC 1918)' },
  { cidr: '198.18.0.0/15', reason: 'a benchmarking address (198.18.0.0/15)' },
  { cidr: '198.51.100.0/24', reason: 'a documentation address (198.51.100.0/24)' },
  { cidr: '203.0.113.0/24', reason: 'a documentation address (203.0.113.0/24)' },
  { cidr: '224.0.0.0/4', reason: 'a multicast address' },
  { cidr: '255.255.255.255/32', reason: 'the broadcast address' },
  { cidr: '240.0.0.0/4', reason: 'a reserved address (240.0.0.0/4)' },
];

export const IPV6_RULES: readonly RangeRule[] = [
  { cidr: '::/128', reason: 'the unspecified address, which reaches the local host' },
  { cidr: '::1/128', reason: 'a loopback address' },
  { cidr: '::ffff:0:0/96', reason: 'an IPv4-mapped IPv6 address', names: 'ipv4-mapped' },
  { cidr: '::/96', reason: 'an IPv4-compatible IPv6 address (deprecated)', names: 'ipv4-compatible' },
  { cidr: '64:ff9b::/96', reason: 'a NAT64 address', embeds: 'nat64' },
  { cidr: '64:ff9b:1::/48', reason: 'a local-use NAT64 address (64:ff9b:1::/48)' },
  { cidr: '100::/64', reason: 'a discard-only address (100::/64)' },
  { cidr: '2001:2::/48', reason: 'a benchmarking address (2001:2::/48)' },
  { cidr: '2001::/32', reason: 'a Teredo address', embeds: 'teredo' },
  { cidr: '2001::/23', reason: 'an IETF protocol assignment (2001::/23)' },
  { cidr: '2001:db8::/32', reason: 'a documentation address (2001:db8::/32)' },
  { cidr: '2002::/16', reason: 'a 6to4 address', embeds: '6to4' },
  { cidr: '3fff::/20', reason: 'a documentation address (3fff::/20)' },
  { cidr: 'fd00:ec2::254/128', reason: 'the cloud instance metadata address (IPv6)' },
  { cidr: 'fc00::/7', reason: 'a unique-local address (fc00::/7)' },
  { cidr: 'fe80::/10', reason: 'a link-local address' },
  { cidr: 'fec0::/10', reason: 'a site-local address (deprecated, fec0::/10)' },
  { cidr: 'ff00::/8', reason: 'a multicast address' },
];

/** Only this block is allocated for global unicast; anything outside it is not a public host. */
export const IPV6_GLOBAL_UNICAST = '2000::/3';
