import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "#modules/accounts/operator.ts";
import { httpClient } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/** The account menu links operators to their area (in the page's language); members and guests see no such link. */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock = { now: () => new Date("2026-11-25T12:00:00Z") };

beforeAll(async () => {
  srv = await createTestServer({ clock });
});
afterAll(() => srv?.cleanup());

const http = () => httpClient((p, i) => srv.request(p, i));
const operatorLinks = (html: string) => [...html.matchAll(/<a [^>]*data-operator-link[^>]*>/g)].map((m) => m[0]);

describe("the account menu's operator link", () => {
  it("is in an operator's menu, localised, and not in a member's or a guest's", async () => {
    const member = await signedInMember(srv, clock, "menumember");
    const operator = await signedInMember(srv, clock, "menuop");
    await setRole({ db: srv.database.db, clock }, operator.email, "operator", { kind: "command", label: "test" });

    const en = await (await http().get("/", operator.jar)).text();
    expect(en).toContain("data-member-menu");
    expect(operatorLinks(en)).toEqual([expect.stringContaining('href="/operator"')]);
    expect(en).toContain(">Operator area</a>");
    const es = await (await http().get("/es", operator.jar)).text();
    expect(operatorLinks(es)).toEqual([expect.stringContaining('href="/es/operator"')]);
    expect(es).toContain(">Área de operadores</a>");

    const plain = await (await http().get("/", member.jar)).text();
    expect(plain).toContain("data-member-menu");
    expect(operatorLinks(plain)).toEqual([]);
    expect(operatorLinks(await (await http().get("/")).text())).toEqual([]);

    // Made a member again: the link goes at the next page.
    await setRole({ db: srv.database.db, clock }, operator.email, "member", { kind: "command", label: "test" });
    expect(operatorLinks(await (await http().get("/", operator.jar)).text())).toEqual([]);
  });
});
