// Host names refused before any DNS lookup: local-only names and cloud metadata endpoints.
// Resolving them would already be a request into the service's own network.

interface NameRule {
  /** Exact name, or a suffix when it starts with a dot. Lower-case, no trailing dot. */
  name: string;
  reason: string;
}

export const LOCAL_NAME_RULES: readonly NameRule[] = [
  { name: 'metadata.google.internal', reason: 'a cloud instance metadata host' },
  { name: 'metadata.goog', reason: 'a cloud instance metadata host' },
  { name: 'metadata.tencentyun.com', reason: 'a cloud instance metadata host' },
  { name: 'instance-data.ec2.internal', reason: 'a cloud instance metadata host' },
  { name: 'kubernetes.default.svc', reason: 'a cluster-internal service name' },
  { name: 'kubernetes.default', reason: 'a cluster-internal service name' },
  { name: 'localhost', reason: 'the local host' },
  { name: '.localhost', reason: 'a name for the local host (RFC 6761)' },
  { name: '.local', reason: 'a multicast-DNS name for the local network (RFC 6762)' },
  { name: '.internal', reason: 'a private-use name (.internal)' },
  { name: '.home.arpa', reason: 'a home-network name (RFC 8375)' },
  { name: '.onion', reason: 'a Tor onion name, unreachable from here' },
];

/**
 * Why `hostname` (a URL host name, not an IP literal) is refused by name, or null.
 * Single-label names are refused because the resolver completes them with the machine's own
 * search domains, which is exactly the internal network the guard keeps out.
 */
export function refuseHostname(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (name === '') return 'the URL has no host';
  for (const rule of LOCAL_NAME_RULES) {
    const hit = rule.name.startsWith('.') ? name.endsWith(rule.name) : name === rule.name;
    if (hit) return `${name} is ${rule.reason}`;
  }
  if (!name.includes('.')) return `${name} is a single-label host name, resolved against local search domains`;
  return null;
}
