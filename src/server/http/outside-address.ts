import { BlockList, isIP } from 'node:net';

/**
 * What the guarded outgoing client never connects to: this machine, private and carrier networks,
 * link-local (the cloud metadata address 169.254.169.254 among them), multicast, unspecified,
 * documentation and reserved ranges. IPv6 forms that carry an IPv4 address (mapped, compatible,
 * NAT64, 6to4) are judged by the IPv4 address they carry.
 */
const refusedV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const refusedV6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of refusedV4) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of refusedV6) refused.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address as its 16 bytes, from any textual form (`::`, an embedded dotted IPv4, a zone). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** The IPv4 address an IPv6 address stands for, if it carries one. */
function carriedIpv4(bytes: number[]): string | undefined {
  const v4 = (from: number) => bytes.slice(from, from + 4).join('.');
  const zeroUntil = (end: number) => bytes.slice(0, end).every((byte) => byte === 0);
  if (zeroUntil(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d, mapped
  if (zeroUntil(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) return v4(12); // ::ffff:0:a.b.c.d, translated
  if (zeroUntil(12) && !zeroUntil(16) && !(zeroUntil(15) && bytes[15] === 1)) return v4(12); // ::a.b.c.d, compatible
  const nat64 = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
  if (nat64.every((byte, i) => bytes[i] === byte)) return v4(12); // 64:ff9b::a.b.c.d
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002:aabb:ccdd::, 6to4
  return undefined;
}

/** Why an IP address may not be contacted, or undefined when it is an ordinary public address. */
export function refusedAddressReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4') ? `${address} is not a public address` : undefined;
  if (family !== 6) return `${address} is not an IP address`;
  const bytes = ipv6Bytes(address);
  const ipv4 = carriedIpv4(bytes);
  if (ipv4 !== undefined && refused.check(ipv4, 'ipv4')) return `${address} is not a public address`;
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
  return refused.check(canonical, 'ipv6') ? `${address} is not a public address` : undefined;
}
