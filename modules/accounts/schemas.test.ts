import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "#config/constants.ts";
import { changePasswordSchema, passwordIssue, signupSchema } from "./schemas.ts";

/**
 * The password rules of SPEC §5, one at a time: each password below breaks exactly one rule, so a rule
 * dropped from passwordIssue lets its password through and fails here.
 */
describe("password rules (SPEC §5)", () => {
  const good = "Sl1des!rock";

  it("accepts a password that keeps every rule", () => {
    expect(passwordIssue(good)).toBeNull();
    expect(passwordIssue(good, "ana@example.com")).toBeNull();
    // Letters of any alphabet, any symbol that is not a letter, digit or space.
    expect(passwordIssue("Ñandú-2026")).toBeNull();
    expect(passwordIssue("пароль_42")).toBeNull();
    expect(passwordIssue(`a1!${"x".repeat(ACCOUNT_LIMITS.passwordMax - 3)}`)).toBeNull();
  });

  it("asks for a digit", () => {
    expect(passwordIssue("Slides!rock")).toBe("auth.errors.passwordWeak");
  });

  it("asks for a symbol", () => {
    expect(passwordIssue("Sl1desrock")).toBe("auth.errors.passwordWeak");
    // A space is not a symbol.
    expect(passwordIssue("Sl1des rock")).toBe("auth.errors.passwordWeak");
  });

  it("asks for a letter", () => {
    expect(passwordIssue("1234!5678")).toBe("auth.errors.passwordWeak");
  });

  it("asks for at least the minimum length, and no more than the maximum", () => {
    const short = "a1!bcdefgh".slice(0, ACCOUNT_LIMITS.passwordMin - 1);
    expect(passwordIssue(short)).toBe("auth.errors.minLength");
    expect(passwordIssue("a1!bcdefgh".slice(0, ACCOUNT_LIMITS.passwordMin))).toBeNull();
    expect(passwordIssue(`a1!${"x".repeat(ACCOUNT_LIMITS.passwordMax - 2)}`)).toBe("auth.errors.tooLongPassword");
  });

  it("refuses the e-mail address or its name part inside the password", () => {
    expect(passwordIssue("x1!ana@example.com", "ana@example.com")).toBe("auth.errors.passwordHasEmail");
    expect(passwordIssue("My-ANA-pass1", "ana@example.com")).toBe("auth.errors.passwordHasEmail");
    // A name part shorter than three letters is too common to refuse.
    expect(passwordIssue("My-al-pass1", "al@example.com")).toBeNull();
  });

  it("applies to the sign-up form and the new password of a reset, one rule at a time", () => {
    const signup = (password: string) => {
      const r = signupSchema.safeParse({ name: "Ana", email: "ana@example.com", password, terms: "on" });
      return r.success ? null : r.error.issues.find((i) => i.path.join(".") === "password")?.message;
    };
    expect(signup(good)).toBeNull();
    expect(signup("Slides!rock")).toBe("auth.errors.passwordWeak");
    expect(signup("Sl1desrock")).toBe("auth.errors.passwordWeak");
    const reset = (password: string) => {
      const r = changePasswordSchema.safeParse({ hash: "h", password, confirm: password });
      return r.success ? null : r.error.issues.find((i) => i.path.join(".") === "password")?.message;
    };
    expect(reset(good)).toBeNull();
    expect(reset("Slides!rock")).toBe("auth.errors.passwordWeak");
    expect(reset("Sl1desrock")).toBe("auth.errors.passwordWeak");
  });
});
