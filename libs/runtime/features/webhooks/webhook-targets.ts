import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookPost } from './webhook-requests.js';

/**
 * Where webhooks may send (issue 32, SSRF): public unicast addresses only, unless the deployment allow-lists a
 * range (`ARBITRA_WEBHOOK_ALLOW_TARGETS`, CIDRs, for receivers inside the federation's network). Loopback,
 * link-local (169.254.169.254, the cloud metadata service), private, unique-local, CGNAT, multicast, reserved
 * and the IPv6 forms that embed an IPv4 address are refused, at registration and at every delivery after DNS
 * resolution, on the very address the connection then uses (no rebinding between check and connect).
 */
export interface WebhookTargetPolicy {
  /** Ranges allowed although not public (e.g. `127.0.0.1/32`, `10.20.0.0/16`). */
  readonly allow: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];
}

export const PUBLIC_ONLY: WebhookTargetPolicy = { allow: [] };

/** Names that are the host itself or a cloud metadata service wherever they resolve. */
const REFUSED_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/, /^metadata\.goog$/, /^metadata$/, /^instance-data(\.ec2\.internal)?$/];

/** Parses `ARBITRA_WEBHOOK_ALLOW_TARGETS` (comma-separated CIDRs; a bare address is that one address). */
export function targetPolicy(setting: string | undefined): WebhookTargetPolicy {
  const allow = (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      if (ipaddr.isValidCIDR(s)) return ipaddr.parseCIDR(s);
      if (ipaddr.isValid(s)) {
        const a = ipaddr.parse(s);
        return [a, a.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
      }
      throw new Error(`ARBITRA_WEBHOOK_ALLOW_TARGETS: "${s}" is not an IP address or CIDR range`);
    });
  return { allow };
}

/** Why an address is refused as a webhook target (its range), or null when it may be used. */
export function refusedAddress(address: string, policy: WebhookTargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const raw = ipaddr.parse(address);
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address it maps.
  const a = raw.kind() === 'ipv6' && (raw as ipaddr.IPv6).isIPv4MappedAddress() ? (raw as ipaddr.IPv6).toIPv4Address() : raw;
  for (const [net, bits] of policy.allow) if (net.kind() === a.kind() && a.match([net, bits] as never)) return null;
  const range = a.range();
  return range === 'unicast' ? null : range;
}

/** The URL's host as a bare address or name (brackets of an IPv6 literal removed). WHATWG URL already turned decimal, hex and octal IPv4 forms into dotted quads. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

export class WebhookTargetRefused extends Error {
  constructor(
    readonly host: string,
    readonly why: string,
  ) {
    super(`webhook target ${host} refused: ${why}`);
    this.name = 'WebhookTargetRefused';
  }
}

/** The refusal for a host name before any lookup (a literal address's range, a refused name), or null. */
function refusedHost(host: string, policy: WebhookTargetPolicy): string | null {
  if (isIP(host)) return refusedAddress(host, policy);
  if (REFUSED_NAMES.some((re) => re.test(host.replace(/\.$/, '')))) return 'a local or metadata host name';
  return null;
}

/** Every address of a host name (the system resolver by default; tests give their own to play a rebinding DNS). */
export type WebhookResolver = (host: string, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: WebhookResolver = (host, callback) => dnsLookup(host, { all: true }, callback);

/** Resolves `host` and refuses it when any of its addresses is refused (all of them, so no answer can pick a refused one). */
function checkedLookup(policy: WebhookTargetPolicy, resolve: WebhookResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.map((a) => refusedAddress(a.address, policy)).find((why) => why !== null);
      if (bad || addresses.length === 0) return callback(new WebhookTargetRefused(hostname, bad ?? 'no address'), '', 0);
      // The connection uses exactly these checked addresses: no second resolution a rebinding could answer.
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Refuses a registration's URL whose host is refused, or resolves now to a refused address. A name that does not
 * resolve yet is accepted (every delivery checks again).
 */
export async function checkTarget(url: string, policy: WebhookTargetPolicy, resolver: WebhookResolver = systemResolver): Promise<void> {
  const host = hostOf(new URL(url));
  const why = refusedHost(host, policy);
  if (why) throw new WebhookTargetRefused(host, why);
  if (isIP(host)) return;
  await new Promise<void>((resolve, reject) =>
    checkedLookup(policy, resolver)(host, {}, (err) => (err instanceof WebhookTargetRefused ? reject(err) : resolve())),
  );
}

/**
 * Sends a delivery to a checked target only: the URL's host is checked, then each address its lookup gives, and
 * the socket connects to those addresses (https keeps the name for SNI and the certificate). No redirect is
 * followed; 10 s at most.
 */
export function guardedPost(policy: WebhookTargetPolicy, resolver: WebhookResolver = systemResolver): WebhookPost {
  return (url, body, headers, signal) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const host = hostOf(target);
      const why = refusedHost(host, policy);
      if (why) return reject(new WebhookTargetRefused(host, why));
      // Its own timer, cleared once the request settles (AbortSignal.timeout's would stay pending its 10 s).
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new DOMException('the webhook receiver did not answer in 10 s', 'TimeoutError')), 10_000);
      timer.unref();
      const answered = (status: number) => (clearTimeout(timer), resolve({ status }));
      const failed = (e: unknown) => (clearTimeout(timer), reject(e));
      const options: RequestOptions = {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(policy, resolver),
        // A connection of its own each time: a kept-alive socket would skip the lookup and so the check.
        agent: false,
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      };
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, options, (res) => {
        res.resume();
        res.on('end', () => answered(res.statusCode ?? 0));
        res.on('error', failed);
      });
      req.on('error', failed);
      req.end(body);
    });
}
