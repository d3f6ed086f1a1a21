import { createHmac } from "node:crypto";
import net from "node:net";

/**
 * Which proxies in front of the server are trusted to say who the client is (TRUST_PROXY): none (the
 * socket's peer is the client), a number of hops (each proxy appends the address it saw to
 * X-Forwarded-For), or a list of addresses and CIDR ranges of the proxies.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: net.BlockList };

/** Parses TRUST_PROXY: "", "0", a hop count such as "1", or "10.0.0.0/8, 127.0.0.1, fd00::/8". */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = (value ?? "").trim();
  if (!v || v === "0" || v === "false") return { kind: "none" };
  if (/^\d{1,2}$/.test(v)) return { kind: "hops", hops: Number(v) };
  const list = new net.BlockList();
  for (const part of v.split(",").map((p) => p.trim())) {
    const [addr, bits] = part.split("/");
    const type = net.isIPv4(addr) ? "ipv4" : net.isIPv6(addr) ? "ipv6" : null;
    if (!type) return { error: `"${part}" is not an IP address or CIDR range` };
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const n = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || n > (type === "ipv4" ? 32 : 128)) return { error: `"${part}" has a bad prefix` };
      list.addSubnet(addr, n, type);
    }
  }
  return { kind: "list", list };
}

/** "::ffff:1.2.3.4" is 1.2.3.4; anything that is not an IP address is null. */
function normalize(address: string | undefined): string | null {
  const a = (address ?? "").trim().replace(/^\[|\]$/g, "");
  if (net.isIPv4(a)) return a;
  if (net.isIPv6(a)) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
    return mapped ? mapped[1] : a.toLowerCase();
  }
  return null;
}

const isTrusted = (list: net.BlockList, a: string) => list.check(a, net.isIPv4(a) ? "ipv4" : "ipv6");

/**
 * The client's address: the socket's peer, or, behind trusted proxies, the address they forwarded.
 * A forwarded header from anyone else is ignored (clients cannot choose their own address).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const direct = normalize(peer) ?? "unknown";
  if (trust.kind === "none") return direct;
  // Nearest first: the peer, then the forwarded addresses from right to left.
  const chain = [
    direct,
    ...(forwardedFor ?? "")
      .split(",")
      .slice(-20)
      .map((p) => normalize(p))
      .reverse(),
  ];
  if (trust.kind === "hops") {
    for (let i = 0; i < Math.min(trust.hops, chain.length - 1); i++)
      if (chain[i + 1] === null) return chain[i] ?? direct;
    return chain[Math.min(trust.hops, chain.length - 1)] ?? direct;
  }
  let client = direct;
  for (let i = 0; i < chain.length; i++) {
    const a = chain[i];
    if (a === null) break;
    client = a;
    if (!isTrusted(trust.list, a)) break;
  }
  return client;
}

/** The key rate limits and the guest cap count by: the address, or its /64 for IPv6 (one subscriber's block). */
export function addressKey(address: string): string {
  if (!net.isIPv6(address)) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : address.split(":");
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** Whether an address is this machine (127.0.0.0/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(address) || address === "::1";
}

/** Headers a proxy adds when it passes a request on. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "via"];

/**
 * Whether a request comes from this machine itself: the socket's peer is a loopback address and the
 * request names no hop before it. A proxy on this machine (nginx in front of the server) adds such a
 * header, so the clients it serves never count as local, whether or not TRUST_PROXY trusts it; a
 * forwarded header can only take locality away, never give it.
 */
export function isLocalRequest(peer: string | undefined, headers: Headers): boolean {
  const a = normalize(peer);
  if (a === null || !isLoopbackAddress(a)) return false;
  return FORWARDING_HEADERS.every((name) => !headers.has(name));
}

/**
 * An opaque tag of a client's address key, keyed with the signing secret (the same on every process):
 * tells clients apart for counts (distinct searchers) without keeping an address that could be read back.
 */
export function clientTag(secret: string, clientKey: string): string {
  return createHmac("sha256", secret).update(`client\n${clientKey}`).digest("base64url").slice(0, 22);
}
