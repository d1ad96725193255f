/**
 * What kind of address an outbound request would reach, and whether a caller may reach it. Pure:
 * addresses are parsed by `ipaddr.js`, never by hand, and IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, NAT64, 6to4, Teredo, IPv4-compatible) are judged by the address they carry.
 *
 * Two policies: `configured` (URLs people typed: integrations, HTTP MCP servers, providers) may
 * reach this machine and private networks in the local single-user mode; `model-chosen` (URLs a
 * model picked, `web_fetch`) reaches public addresses only. Both always refuse link-local and
 * cloud metadata addresses, unspecified, broadcast and multicast ones.
 */
import ipaddr from 'ipaddr.js';

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'CGNAT'
  | 'unique-local'
  | 'site-local'
  | 'reserved'
  | 'documentation'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast';

export type Embedding = 'IPv4-mapped' | 'IPv4-translated' | 'NAT64' | '6to4' | 'Teredo' | 'IPv4-compatible';

export interface AddressClass {
  /** What the address (or the IPv4 address it embeds) is. */
  kind: AddressKind;
  /** Set when an IPv6 address carries an IPv4 one; `embedded` is that IPv4 address. */
  embedding?: Embedding;
  embedded?: string;
}

export type AddressPolicy = 'configured' | 'model-chosen';

/** Refused for every caller. */
const alwaysBlocked: ReadonlySet<AddressKind> = new Set([
  'link-local',
  'metadata',
  'unspecified',
  'multicast',
  'broadcast',
]);
/** Refused as well when a model chose the URL (unless the deployment allows all addresses). */
const internal: ReadonlySet<AddressKind> = new Set([
  'loopback',
  'private',
  'CGNAT',
  'unique-local',
  'site-local',
  'reserved',
  'documentation',
]);

/**
 * Cloud instance services that hand out credentials or answer for the instance: the metadata
 * service (AWS, GCP, Azure, Oracle on 169.254.169.254; the AWS container credentials on
 * 169.254.170.2; Alibaba on 100.100.100.200), the AWS DNS resolver (169.254.169.253) and Azure's
 * WireServer (168.63.129.16, which sits in public space and so needs its own entry). No URL anyone
 * configures has a reason to reach them, so they are refused for every caller.
 */
const metadataIpv4 = new Set([
  '169.254.169.254',
  '169.254.169.253',
  '169.254.170.2',
  '100.100.100.200',
  '168.63.129.16',
]);
/** The same over IPv6: AWS (metadata, DNS) and Google Cloud. Kept in RFC 5952 form, as compared. */
const metadataIpv6 = new Set(
  ['fd00:ec2::254', 'fd00:ec2::253', 'fd20:ce::254'].map((text) => ipaddr.IPv6.parse(text).toRFC5952String()),
);
/** Names that reach a metadata service whatever a resolver answers. */
const metadataNames = new Set(['metadata.google.internal', 'metadata.goog']);

const ipv4Kinds: Record<string, AddressKind> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'CGNAT',
  private: 'private',
  reserved: 'reserved',
  benchmarking: 'reserved',
};

const documentationV4 = [
  ipaddr.IPv4.parseCIDR('192.0.2.0/24'),
  ipaddr.IPv4.parseCIDR('198.51.100.0/24'),
  ipaddr.IPv4.parseCIDR('203.0.113.0/24'),
];
const documentationV6 = [ipaddr.IPv6.parseCIDR('2001:db8::/32'), ipaddr.IPv6.parseCIDR('3fff::/20')];
/** Local-use NAT64 (RFC 8215): where the IPv4 address sits depends on the operator's prefix length. */
const localNat64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

function classifyIpv4(address: ipaddr.IPv4): AddressKind {
  const text = address.toString();
  if (metadataIpv4.has(text)) return 'metadata';
  if (documentationV4.some((range) => address.match(range))) return 'documentation';
  return ipv4Kinds[address.range()] ?? 'public';
}

const ipv4FromParts = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);

function embeddedIpv4(address: ipaddr.IPv6): { embedding: Embedding; ipv4: ipaddr.IPv4 } | undefined {
  const parts = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
      return { embedding: 'IPv4-mapped', ipv4: address.toIPv4Address() };
    case 'rfc6145':
      return { embedding: 'IPv4-translated', ipv4: ipv4FromParts(parts[6]!, parts[7]!) };
    case 'rfc6052':
      return { embedding: 'NAT64', ipv4: ipv4FromParts(parts[6]!, parts[7]!) };
    case '6to4':
      return { embedding: '6to4', ipv4: ipv4FromParts(parts[1]!, parts[2]!) };
    case 'teredo':
      // The client's address, stored inverted in the last 32 bits.
      return { embedding: 'Teredo', ipv4: ipv4FromParts(~parts[6]! & 0xffff, ~parts[7]! & 0xffff) };
    default:
      // The deprecated IPv4-compatible form ::a.b.c.d (but not :: or ::1).
      if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1))
        return { embedding: 'IPv4-compatible', ipv4: ipv4FromParts(parts[6]!, parts[7]!) };
      return undefined;
  }
}

function classifyIpv6(address: ipaddr.IPv6): AddressClass {
  // Compared without a zone (`fd20:ce::254%eth0` reaches the same service).
  if (metadataIpv6.has(new ipaddr.IPv6(address.parts).toRFC5952String())) return { kind: 'metadata' };
  if (address.match(localNat64)) return { kind: 'reserved', embedding: 'NAT64' };
  const embedded = embeddedIpv4(address);
  if (embedded) {
    // A Teredo server address sits in bits 32-63: the worse of the two decides.
    let kind = classifyIpv4(embedded.ipv4);
    if (embedded.embedding === 'Teredo' && kind === 'public')
      kind = classifyIpv4(ipv4FromParts(address.parts[2]!, address.parts[3]!));
    return { kind, embedding: embedded.embedding, embedded: embedded.ipv4.toString() };
  }
  if (documentationV6.some((range) => address.match(range))) return { kind: 'documentation' };
  switch (address.range()) {
    case 'unspecified':
      return { kind: 'unspecified' };
    case 'linkLocal':
      return { kind: 'link-local' };
    case 'multicast':
      return { kind: 'multicast' };
    case 'loopback':
      return { kind: 'loopback' };
    case 'uniqueLocal':
      return { kind: 'unique-local' };
    case 'unicast':
    case 'amt':
    case 'as112v6':
      return { kind: 'public' };
    default:
      // deprecatedSiteLocal, discard, benchmarking, ORCHID, segment routing, the rest of 2001::/23.
      return { kind: (address.range() as string) === 'deprecatedSiteLocal' ? 'site-local' : 'reserved' };
  }
}

/** `undefined` for text that is not an IP address. Brackets and an IPv6 zone are accepted. */
export function classifyAddress(text: string): AddressClass | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // Only canonical dotted quads: resolvers answer in that form, and URLs are normalised to it.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return { kind: classifyIpv4(ipaddr.IPv4.parse(bare)) };
  if (!bare.includes(':') || !ipaddr.IPv6.isValid(bare)) return undefined;
  return classifyIpv6(ipaddr.IPv6.parse(bare));
}

export function isIpAddress(text: string): boolean {
  return classifyAddress(text) !== undefined;
}

/** The class a name has by itself, before any lookup (`localhost` is loopback wherever it resolves). */
export function classifyName(hostname: string): AddressClass | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (metadataNames.has(name)) return { kind: 'metadata' };
  if (name === 'localhost' || name.endsWith('.localhost')) return { kind: 'loopback' };
  return undefined;
}

/** Metadata, link-local and the like never; loopback and private ranges only with `allowInternal`. */
export function isAllowed(addressClass: AddressClass, { allowInternal }: { allowInternal: boolean }): boolean {
  if (alwaysBlocked.has(addressClass.kind)) return false;
  // An embedding whose IPv4 address cannot be located could carry anything.
  if (addressClass.embedding && !addressClass.embedded) return false;
  return allowInternal || !internal.has(addressClass.kind);
}

/**
 * The class of a URL's host by itself, before any lookup (a literal address in any spelling, or a
 * name such as `metadata.google.internal`), when it is not allowed; undefined otherwise.
 */
export function refusedHostClass(hostname: string, rules: { allowInternal: boolean }): AddressClass | undefined {
  const addressClass = classifyAddress(hostname) ?? classifyName(hostname);
  return addressClass && !isAllowed(addressClass, rules) ? addressClass : undefined;
}

/**
 * Whether the address is on this machine or a private network (loopback, private, CGNAT,
 * unique-local, ...): what a configured URL may reach only when an admin saved it.
 */
export function isInternal(addressClass: AddressClass): boolean {
  return internal.has(addressClass.kind);
}

/** How a refusal names the address: `metadata`, `loopback`, `NAT64 (embedding 169.254.169.254, metadata)`. */
export function describeClass(addressClass: AddressClass): string {
  if (!addressClass.embedding) return addressClass.kind;
  return addressClass.embedded
    ? `${addressClass.embedding} (embedding ${addressClass.embedded}, ${addressClass.kind})`
    : addressClass.embedding;
}
