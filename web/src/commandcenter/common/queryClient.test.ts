import { type QueryClient, QueryObserver } from "@tanstack/react-query";
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

  /**
   * A timeline on screen (a subscribed observer) whose reads answer `answers` in turn, the one
   * numbered `held` (1 = the first) only once `release` is called.
   */
  function timelineOnScreen(client: QueryClient, answers: string[][], held: number) {
    let release: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: async () => {
        const answer = answers[asked++] as string[];
        if (asked === held) await holding;
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    return { observer, stop, release, asked: () => asked };
  }

  it("asks again, instead of patching, when a first read asked before the change is on its way", async () => {
    const client = createQueryClient();
    // Before the change, then after it.
    const screen = timelineOnScreen(client, [["created"], ["created", "status changed"]], 1);
    expect(client.getQueryState(KEY)?.fetchStatus).toBe("fetching");
    addNews(client, KEY, add);
    screen.release();
    await expect.poll(() => client.getQueryState(KEY)?.fetchStatus).toBe("idle");
    expect(screen.asked()).toBe(2);
    expect(client.getQueryData(KEY)).toEqual(["created", "status changed"]);
    screen.stop();
  });

  it("asks again when a reload of loaded data, asked before the change, is on its way", async () => {
    const client = createQueryClient();
    const screen = timelineOnScreen(client, [["created"], ["created"], ["created", "status changed"]], 2);
    await expect.poll(() => client.getQueryData(KEY)).toEqual(["created"]);
    void screen.observer.refetch();
    expect(client.getQueryState(KEY)?.fetchStatus).toBe("fetching");
    addNews(client, KEY, add);
    screen.release();
    await expect.poll(() => screen.asked()).toBe(3);
    await expect.poll(() => client.getQueryState(KEY)?.fetchStatus).toBe("idle");
    expect(client.getQueryData(KEY)).toEqual(["created", "status changed"]);
    screen.stop();
  });
});
