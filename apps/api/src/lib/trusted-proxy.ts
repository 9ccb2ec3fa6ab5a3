import { BlockList, isIP } from 'node:net';
import type { Config } from '../config.ts';

/** proxy-addr's names for address ranges, which TRUST_PROXY may use as Fastify allows. */
const NAMED: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [net, prefix, family] of NAMED[entry] ?? []) list.addSubnet(net, prefix, family);
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address ?? '')) continue;
    if (prefix) list.addSubnet(address!, Number(prefix), family);
    else list.addAddress(address!, family);
  }
  return list;
}

/**
 * Whether the peer that opened this connection is a proxy TRUST_PROXY names. A header a proxy sets
 * (the client certificate nginx verified) is believed only then: a caller reaching the API directly
 * cannot claim it. `false` trusts no one; a hop count trusts the peer.
 */
export function peerIsTrustedProxy(trustProxy: Config['trustProxy'], peer: string | undefined): boolean {
  if (!peer || trustProxy === false) return false;
  if (trustProxy === true) return true;
  if (typeof trustProxy === 'function') return trustProxy(peer, 0);
  const address = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  return blockListOf(trustProxy).check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
