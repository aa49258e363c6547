/**
 * Resolves in a new task of the event loop, so that the browser can handle input (and Lighthouse
 * sees two tasks) before what follows: the way to cut one long task into shorter ones. A message
 * to itself rather than `setTimeout(0)`, which a hidden tab delays to a second or more.
 *
 * One channel for the page, held by this module (as React's scheduler holds its own): a channel
 * referenced only by its own handler can be collected before its message arrives, and the await
 * would then never end.
 */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
