import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createMailingTestServer, type createTestServer } from "#tests/server.ts";

/** The e-mail change as a member does it: the settings form, the mail at the new address, the link. */

let srv: Awaited<ReturnType<typeof createTestServer>>;
let smtp: Awaited<ReturnType<typeof createMailingTestServer>>["smtp"];
let mailing: Awaited<ReturnType<typeof createMailingTestServer>>;
const clock: Clock = { now: () => new Date() };

beforeAll(async () => {
  mailing = await createMailingTestServer();
  ({ srv, smtp } = mailing);
});
afterAll(async () => {
  await mailing?.cleanup();
});

const http = () => httpClient((p, i) => srv.request(p, i));

describe("e-mail change through the settings page", () => {
  it("sends the link to the new address, changes the address when followed, and tells the old one", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const wrong = await http().post(
      "/es/profile/settings",
      { intent: "email", email: "ana.nueva@example.com", current: "not-it-9!" },
      ana.jar,
    );
    expect(visible(await wrong.text())).toContain("La contraseña actual no es válida");
    const res = await http().post(
      "/profile/settings",
      { intent: "email", email: "ana.new@example.com", current: "Sl1des!rock" },
      ana.jar,
    );
    const html = await res.text();
    expect(notices(html)).toContain("We sent a confirmation link to ana.new@example.com.");
    // The page still shows the current address, and the pending change.
    const page = visible(await (await http().get("/profile/settings", ana.jar)).text());
    expect(page).toContain(ana.email);
    expect(page).toContain("A change to ana.new@example.com is waiting");

    const [mail] = smtp.to("ana.new@example.com");
    const link = /(\/confirm-email\?hash=[\w-]+)/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();
    // Following it from another device (no session) works.
    const done = await http().get(link as string);
    expect(done.status).toBe(200);
    expect(done.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(notices(await done.text())).toContain("Email updated: your account now uses ana.new@example.com.");
    expect(
      smtp
        .to(ana.email)
        .map((m) => m.body)
        .join(""),
    ).toContain("ana.new@example.com");
    const after = visible(await (await http().get("/profile/settings", ana.jar)).text());
    expect(after).toContain("ana.new@example.com");
    expect(after).not.toContain("is waiting");
    // A made-up link says so, in Spanish on the Spanish page.
    expect(notices(await (await http().get("/es/confirm-email?hash=made-up")).text())).toContain(
      "Tu enlace de confirmación ha caducado o no es correcto",
    );
  });

  it("answers an address another member has exactly as a free one, and mails that member instead", async () => {
    const cy = await signedInMember(srv, clock, "cy");
    const dee = await signedInMember(srv, clock, "dee");
    const ask = async (jar: typeof cy.jar, email: string) => {
      const res = await http().post("/profile/settings", { intent: "email", email, current: "Sl1des!rock" }, jar);
      return notices(await res.text()).replace(email, "<address>");
    };
    const taken = await ask(cy.jar, dee.email);
    const free = await ask(dee.jar, "dee.elsewhere@example.com");
    expect(taken).toBe(free);
    expect(taken).toContain("We sent a confirmation link to <address>.");
    const page = visible(await (await http().get("/profile/settings", cy.jar)).text());
    expect(page).toContain(`A change to ${dee.email} is waiting`);
    // Dee gets a notice with no link that would move the address, and ways to log in.
    const [notice] = smtp.to(dee.email);
    expect(notice.raw).toMatch(/^Subject: You already have a SlideNest account\r?$/m);
    expect(notice.body).not.toContain("confirm-email");
    expect(notice.body).toContain("http://localhost:3000/forgot-password");
  });
});
