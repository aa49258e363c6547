import { describe, expect, it } from "vitest";
import type { StaffUserView } from "../../../../events";
import { createQueryClient, SESSION_KEY, writeSession } from "./queryClient";

const ADMIN: StaffUserView = { username: "admin", email: "admin@example.com", role: "admin" };

/** A session check whose answer the test hands over when it likes. */
function heldCheck() {
  let answer: (user: StaffUserView | null) => void = () => {};
  const asked = new Promise<StaffUserView | null>((resolve) => {
    answer = resolve;
  });
  return { asked, answer };
}

describe("writeSession", () => {
  it("keeps a sign-in made while an earlier session check was on its way", async () => {
    const client = createQueryClient();
    const check = heldCheck();
    const checking = client.fetchQuery({ queryKey: SESSION_KEY, queryFn: () => check.asked }).catch(() => {});
    writeSession(client, ADMIN);
    check.answer(null); // asked before the sign-in's cookie existed
    await checking;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(SESSION_KEY)).toEqual(ADMIN);
    expect(client.getQueryState(SESSION_KEY)?.fetchStatus).toBe("idle");
  });

  it("keeps a sign-out made while an earlier check was on its way", async () => {
    const client = createQueryClient();
    writeSession(client, ADMIN);
    const check = heldCheck();
    const checking = client
      .fetchQuery({ queryKey: SESSION_KEY, queryFn: () => check.asked, staleTime: 0 })
      .catch(() => {});
    writeSession(client, null);
    check.answer(ADMIN);
    await checking;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
  });

  it("lets a check asked after the change answer", async () => {
    const client = createQueryClient();
    writeSession(client, null);
    await client.fetchQuery({ queryKey: SESSION_KEY, queryFn: async () => ADMIN, staleTime: 0 });
    expect(client.getQueryData(SESSION_KEY)).toEqual(ADMIN);
  });
});
