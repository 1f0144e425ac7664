/**
 * Who may read /metrics. With OJ_METRICS_TOKEN set: whoever sends it as a bearer token. Without one:
 * only a scraper on this host or the private network, talking to the node directly — the socket's own
 * peer address, never X-Forwarded-For, and no request that came through a proxy (behind a proxy every
 * visitor from the internet would otherwise look local). Never open to the internet by default.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** Whether an address (IPv4, IPv6, or IPv4 mapped into IPv6) is loopback or private. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return PRIVATE.check(v4, 'ipv4');
  return net.isIPv6(address) && PRIVATE.check(address, 'ipv6');
}

function sameSecret(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const auth = req.headers.authorization ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice(7), token);
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return isPrivateAddress(req.socket.remoteAddress);
}
