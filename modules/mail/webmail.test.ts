import { describe, expect, it } from "vitest";
import { webmailFor } from "./webmail.ts";

describe("webmailFor", () => {
  it("knows the big providers' webmail, whatever the case of the domain", () => {
    expect(webmailFor("ana@gmail.com")).toBe("https://mail.google.com/");
    expect(webmailFor("ana@GoogleMail.com")).toBe("https://mail.google.com/");
    expect(webmailFor("ana@hotmail.com")).toBe("https://outlook.live.com/mail/");
    expect(webmailFor("ana@outlook.com")).toBe("https://outlook.live.com/mail/");
    expect(webmailFor("ana@live.com")).toBe("https://outlook.live.com/mail/");
    expect(webmailFor("ana@yahoo.com")).toBe("https://mail.yahoo.com/");
    expect(webmailFor("ana@icloud.com")).toBe("https://www.icloud.com/mail");
    expect(webmailFor("ana@me.com")).toBe("https://www.icloud.com/mail");
    expect(webmailFor("ana@proton.me")).toBe("https://mail.proton.me/");
  });

  it("offers nothing for other domains, look-alikes or what is not an address", () => {
    expect(webmailFor("ana@acme.example")).toBeNull();
    expect(webmailFor("ana@gmail.com.evil.example")).toBeNull();
    expect(webmailFor("ana@mail.gmail.com")).toBeNull();
    expect(webmailFor("ana@constructor")).toBeNull();
    expect(webmailFor("ana@__proto__")).toBeNull();
    expect(webmailFor("not an address")).toBeNull();
  });
});
