import { describe, expect, it } from "vitest";
import ranked from "./common-passwords.json";
import { isCommonPassword, newPassword, newPasswordProblem } from "./passwords";

describe("new passwords", () => {
  it("takes eight characters or more, with no rules about digits, capitals or symbols", () => {
    expect(newPasswordProblem("skilift in winter")).toBeNull();
    expect(newPasswordProblem("zbcdefgh")).toBeNull();
    expect(newPasswordProblem("zugspitz")).toBeNull();
  });

  it("refuses fewer than eight characters, counting letters as people see them", () => {
    expect(newPasswordProblem("")).toBe("validation.required");
    expect(newPasswordProblem("sk1lift")).toBe("account.errors.passwordShort");
    // Seven characters, but more UTF-16 units than that: still too short.
    expect(newPasswordProblem("⛷️🎿❄️ab")).toBe("account.errors.passwordShort");
    expect(newPasswordProblem("über-öl")).toBe("account.errors.passwordShort");
    expect(newPasswordProblem("über-öl!")).toBeNull();
  });

  it("refuses absurdly long passwords", () => {
    expect(newPasswordProblem("x".repeat(1025))).toBe("account.errors.passwordLong");
    expect(newPasswordProblem("y".repeat(1024))).toBeNull();
  });

  it("refuses the 3,000 most common passwords, whatever their case", () => {
    expect(ranked).toHaveLength(3000);
    expect(ranked[0]).toBe("123456");
    for (const p of ["password", "12345678", "iloveyou", "trustno1", "PASSWORD", "Sunshine", "1qaz2wsx", "baseball"]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(newPasswordProblem(p), p).toBe("account.errors.passwordCommon");
    }
    // Every entry of eight characters or more is refused; the last ranks are in the list too.
    for (const p of (ranked as string[]).filter((p) => p.length >= 8)) expect(newPasswordProblem(p)).toBe("account.errors.passwordCommon");
    expect(isCommonPassword(ranked[2999])).toBe(true);
    expect(isCommonPassword("rifugio-lagazuoi")).toBe(false);
  });

  it("reports the problem as the field's message", () => {
    const result = newPassword.safeParse("qwertyuiop");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("account.errors.passwordCommon");
    expect(newPassword.parse("rifugio-lagazuoi")).toBe("rifugio-lagazuoi");
  });
});
