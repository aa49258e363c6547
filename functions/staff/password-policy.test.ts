import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblem } from "./password-policy";

describe("passwordProblem (the one staff password rule)", () => {
  it.each([
    "password1234",
    "Password1234!",
    "qwertyuiopasdf",
    "123456789012",
    "aaaaaaaaaaaa",
    "iloveyou2024!",
    "letmein12345",
  ])("refuses the common or patterned %j", async (password) => {
    expect(await passwordProblem(password)).toBe(PASSWORD_MESSAGES.tooEasy);
  });

  it("refuses a password built from the username or e-mail", async () => {
    expect(await passwordProblem("dana.kowalski1", { username: "dana.kowalski" })).toBe(
      PASSWORD_MESSAGES.tooEasy,
    );
    expect(await passwordProblem("jlopez123456", { email: "jlopez@example.com" })).toBe(
      PASSWORD_MESSAGES.tooEasy,
    );
  });

  it("enforces the length bounds before anything else", async () => {
    expect(await passwordProblem("Xk9$mQ2!")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await passwordProblem("x".repeat(PASSWORD_MAX_LENGTH + 1))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it.each([
    "correct horse battery staple",
    "victim's long password",
    "9f8Kq2!vLm4z",
    "staff desk maple tiger 7",
  ])("accepts %j", async (password) =>
    expect(await passwordProblem(password, { username: "admin" })).toBeUndefined(),
  );
});
