import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { StaffUserView } from "../../../../events";
import { addNews, createQueryClient, SESSION_KEY, writeSession } from "./queryClient";

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

describe("addNews", () => {
  const KEY = ["leads", "signups", "timeline", "lead-1"];
  const add = (data: string[]) => [...data, "status changed"];

  it("adds the news to loaded data", () => {
    const client = createQueryClient();
    client.setQueryData(KEY, ["created"]);
    addNews(client, KEY, add);
    expect(client.getQueryData(KEY)).toEqual(["created", "status changed"]);
  });

  it("leaves data that is not loaded alone", () => {
    const client = createQueryClient();
    addNews(client, KEY, add);
    expect(client.getQueryData(KEY)).toBeUndefined();
  });

  it("asks again, instead of patching, when a read asked before the change is on its way", async () => {
    const client = createQueryClient();
    const answers = [["created"], ["created", "status changed"]]; // before the change, then after it
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let asked = 0;
    // A timeline on screen: an observer, whose first read is still on its way.
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: async () => {
        const answer = answers[asked++] as string[];
        if (asked === 1) await firstHeld;
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    expect(client.getQueryState(KEY)?.fetchStatus).toBe("fetching");
    addNews(client, KEY, add);
    releaseFirst();
    await expect.poll(() => client.getQueryState(KEY)?.fetchStatus).toBe("idle");
    expect(asked).toBe(2);
    expect(client.getQueryData(KEY)).toEqual(["created", "status changed"]);
    stop();
  });

  it("asks again when a reload of loaded data, asked before the change, is on its way", async () => {
    const client = createQueryClient();
    const answers = [["created"], ["created"], ["created", "status changed"]];
    let asked = 0;
    let releaseSecond: () => void = () => {};
    const secondHeld = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: async () => {
        const answer = answers[asked++] as string[];
        if (asked === 2) await secondHeld;
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => client.getQueryData(KEY)).toEqual(["created"]);
    void observer.refetch();
    expect(client.getQueryState(KEY)?.fetchStatus).toBe("fetching");
    addNews(client, KEY, add);
    releaseSecond();
    await expect.poll(() => asked).toBe(3);
    await expect.poll(() => client.getQueryState(KEY)?.fetchStatus).toBe("idle");
    expect(client.getQueryData(KEY)).toEqual(["created", "status changed"]);
    stop();
  });
});
