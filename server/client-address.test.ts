import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, isLocalRequest, parseTrustProxy, type TrustProxy } from "./client-address.ts";

const trust = (v: string) => parseTrustProxy(v) as TrustProxy;

describe("client address", () => {
  it("is the socket's peer unless a trusted proxy forwarded it; a client cannot choose its own", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", trust(""))).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", undefined, trust(""))).toBe("203.0.113.9");
    // One proxy in front: the address it appended.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", trust("1"))).toBe("198.51.100.7");
    // Two proxies: one further to the left; a forged entry further left is not reached.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", trust("2"))).toBe("198.51.100.7");
    // Trusted ranges: the first address from the right that is not a proxy of ours.
    const ranges = trust("10.0.0.0/8, 127.0.0.1, fd00::/8");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.1.2.3", ranges)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.9", "6.6.6.6", ranges)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "not-an-ip", ranges)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", undefined, ranges)).toBe("10.0.0.2");
  });

  it("counts IPv6 clients by their /64, IPv4 by address", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::abcd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("refuses a TRUST_PROXY that is neither a hop count nor addresses", () => {
    expect(parseTrustProxy("10.0.0.0/33")).toMatchObject({ error: expect.stringContaining("prefix") });
    expect(parseTrustProxy("example.com")).toMatchObject({ error: expect.stringContaining("not an IP") });
    expect(parseTrustProxy("0")).toEqual({ kind: "none" });
  });

  it("calls a request local only when the socket's peer is loopback and no proxy passed it on", () => {
    const none = new Headers();
    expect(isLocalRequest("127.0.0.1", none)).toBe(true);
    expect(isLocalRequest("127.8.9.10", none)).toBe(true);
    expect(isLocalRequest("::1", none)).toBe(true);
    expect(isLocalRequest("::ffff:127.0.0.1", none)).toBe(true);
    expect(isLocalRequest("203.0.113.9", none)).toBe(false);
    expect(isLocalRequest("::ffff:203.0.113.9", none)).toBe(false);
    expect(isLocalRequest("10.0.0.1", none)).toBe(false);
    expect(isLocalRequest(undefined, none)).toBe(false);
    expect(isLocalRequest("localhost", none)).toBe(false);
    // A header can only take locality away: a proxy on this machine, or a client that claims loopback.
    for (const [name, value] of [
      ["x-forwarded-for", "203.0.113.9"],
      ["x-forwarded-for", "127.0.0.1"],
      ["forwarded", "for=127.0.0.1"],
      ["x-real-ip", "127.0.0.1"],
      ["via", "1.1 nginx"],
    ]) {
      expect(isLocalRequest("127.0.0.1", new Headers({ [name]: value })), name).toBe(false);
      expect(isLocalRequest("203.0.113.9", new Headers({ [name]: value })), name).toBe(false);
    }
  });
});
